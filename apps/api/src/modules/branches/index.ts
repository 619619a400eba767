/** The branches module's public face: its routes and whether a branch exists (for branch choices elsewhere). */
export { branchRoutes } from './routes';
export { branchExists, keepBranchManagerInStep } from './repository';
