import { createContext, useContext } from 'react';

/**
 * The branch whose board is shown: undefined is the caller's own; an admin may choose another
 * (issue 20), and every leads call of the board then names it with `?branchId=`.
 */
export const BoardBranchContext = createContext<number | undefined>(undefined);

export function useBoardBranch(): number | undefined {
  return useContext(BoardBranchContext);
}

/** `path` with `?branchId=` (or `&branchId=`) when a branch was chosen. */
export function withBranch(path: string, branchId: number | undefined): string {
  if (branchId === undefined) return path;
  return `${path}${path.includes('?') ? '&' : '?'}branchId=${branchId}`;
}
