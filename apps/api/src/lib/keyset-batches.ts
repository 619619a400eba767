import type { CursorPosition } from './keyset-cursor';

/** One batch of a list read by keyset, and where the next starts (null: there is no more). */
export interface KeysetBatch<T, P = CursorPosition> {
  items: T[];
  last: P | null;
}

/**
 * A whole list as consecutive batches, each read after the last row of the one before (the
 * order of the list's keyset index). The next batch is read while the caller writes out the
 * current one, so the database and the socket overlap; a read-ahead abandoned by a caller that
 * stopped early (a client that left) fails to no one instead of crashing the process.
 */
export async function* keysetBatches<T, P = CursorPosition>(read: (after: P | null) => Promise<KeysetBatch<T, P>>): AsyncGenerator<T[]> {
  const readAhead = (after: P | null) => {
    const batch = read(after);
    batch.catch(() => undefined);
    return batch;
  };
  let next: Promise<KeysetBatch<T, P>> | null = readAhead(null);
  while (next) {
    const batch: KeysetBatch<T, P> = await next;
    next = batch.last ? readAhead(batch.last) : null;
    yield batch.items;
  }
}
