export { branchesQueryOptions, managerCandidatesQueryOptions, useBranches } from './api';
export { BranchScopeSelect } from './components/branch-scope-select';
