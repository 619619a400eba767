export { branchesQueryOptions, managerCandidatesQueryOptions, useBranches } from './api';
