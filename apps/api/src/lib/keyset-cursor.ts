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

export function decodeCursor(cursor: string): CursorPosition | null {
  const [iso, idText, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(iso ?? '');
  const id = Number(idText);
  if (rest.length > 0 || Number.isNaN(createdAt.getTime()) || !Number.isInteger(id) || id <= 0) return null;
  return { createdAt, id };
}
