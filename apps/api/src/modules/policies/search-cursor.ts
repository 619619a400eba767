import { policyStatuses, type PolicySort, type PolicyStatus } from '@portal/domain';
import { decodeCursor, encodeCursor, type CursorPosition } from '../../lib/keyset-cursor';

/**
 * Where a page of the search ended, in the order of its sort: the last row's (created_at, id),
 * and for the status sort its status too. Opaque to the client.
 */
export type SearchAfter = CursorPosition & { status?: PolicyStatus };
type LastRow = CursorPosition & { status: PolicyStatus };

/**
 * The cursor names its sort, so a cursor of one order is refused by another (a 400) instead of
 * skipping rows. The default order's cursor is the plain (created_at, id) one it always was;
 * the others carry a prefix ('.' is not a base64url character).
 */
const prefixes: Record<PolicySort, (row: LastRow) => string> = {
  newest: () => '',
  oldest: () => 'asc.',
  status: (row) => `st.${row.status}.`,
};

export function encodeSearchCursor(sort: PolicySort, row: LastRow): string {
  return `${prefixes[sort](row)}${encodeCursor(row)}`;
}

/** The position a cursor of `sort` names, or null for anything encodeSearchCursor could not have written for it. */
export function decodeSearchCursor(sort: PolicySort, cursor: string): SearchAfter | null {
  const parts = cursor.split('.');
  const position = decodeCursor(parts.at(-1) ?? '');
  if (!position) return null;
  if (sort === 'newest' && parts.length === 1) return position;
  if (sort === 'oldest' && parts.length === 2 && parts[0] === 'asc') return position;
  const status = parts[1] as PolicyStatus;
  if (sort === 'status' && parts.length === 3 && parts[0] === 'st' && policyStatuses.includes(status)) return { ...position, status };
  return null;
}
