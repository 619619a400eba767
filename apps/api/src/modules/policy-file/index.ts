import { staffRoutes } from '../../plugins/auth';
import { policyFileRoutes } from './routes';

/** The expediente's module (issue 14): its route, which reads through the policies' neighbours. */
// Its routes as app.ts registers them: every one wants a session.
export const policyFileModule = staffRoutes(policyFileRoutes);
