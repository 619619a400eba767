import { staffRoutes } from '../../plugins/auth';
import { branchRoutes } from './routes';

/** The branches module's public face: its routes and whether a branch exists (for branch choices elsewhere). */
// Its routes as app.ts registers them: every one wants a session.
export const branchesModule = staffRoutes(branchRoutes);
export { branchExists, keepBranchManagerInStep } from './repository';
