import { maxId } from '@portal/domain';

/**
 * The list's keyset cursor: the last row's (created_at, id), opaque to the client. Rows added
 * while someone pages are newer than every cursor, so paging neither repeats nor skips a row.
 */
export interface CursorPosition {
  createdAt: Date;
  id: number;
}

export function encodeCursor(row: CursorPosition): string {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');
}

/** The position a cursor names, or null for anything encodeCursor could not have written. */
export function decodeCursor(cursor: string): CursorPosition | null {
  const [iso, idText, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  // Only what encodeCursor writes: a four-digit year and an id a PostgreSQL integer holds.
  if (rest.length > 0 || !/^(19|2[01])\d{2}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(iso ?? '')) return null;
  const createdAt = new Date(iso!);
  const id = Number(idText);
  if (Number.isNaN(createdAt.getTime()) || !Number.isInteger(id) || id <= 0 || id > maxId) return null;
  return { createdAt, id };
}
