/**
 * Document retention (issue 19, LFPDPPP): the dry run of which files are due under their
 * branch's periods, and the daily job's deletion of exactly those.
 */
export { retentionRoutes } from './routes';
export { applyRetention, planRetention, purgeOldMessages, runRetention } from './service';
