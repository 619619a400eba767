import { staffRoutes } from '../../plugins/auth';
import { retentionRoutes } from './routes';

/**
 * Document retention (issue 19, LFPDPPP): the dry run of which files are due under their
 * branch's periods, and the daily job's deletion of exactly those.
 */
// Its routes as app.ts registers them: every one wants a session.
export const retentionModule = staffRoutes(retentionRoutes);
export { anonymiseClosedClaims, applyRetention, planRetention, purgeOldMessages, runRetention } from './service';
