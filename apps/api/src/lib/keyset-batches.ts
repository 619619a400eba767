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

/**
 * keysetBatches with each item turned into its JSON text as soon as its batch is read, for the
 * streamed full lists (json-array-stream). The rows and objects of a batch then die in the same
 * tick they were made — in V8's young generation — instead of waiting, promoted to the old one,
 * while the batch before is written: what kept a 100,000-policy list's server 100 MB above its
 * idle size (issue 13).
 */
export function keysetJsonBatches<T, P = CursorPosition>(read: (after: P | null) => Promise<KeysetBatch<T, P>>): AsyncGenerator<string[]> {
  return keysetBatches(async (after: P | null) => {
    const batch = await read(after);
    return { items: batch.items.map((item) => JSON.stringify(item)), last: batch.last };
  });
}

/** Where one batch of a keyset list ends: the position of its last row, or null (it runs to the end). */
export type BatchEnd<P> = (after: P | null) => Promise<P | null>;
/** The rows after `after` up to and including `through` (to the end when null). */
export type BatchRange<T, P> = (after: P | null, through: P | null) => Promise<T[]>;

/**
 * A whole list as consecutive batches, like keysetBatches, with up to `parallel` batches read at
 * once: where each batch ends is found first (a short index scan), so the next batch's read need
 * not wait for this one's. For lists whose rows are expensive to build in the database (a
 * policy's JSON: policy-json.ts), which then uses as many cores as reads run. Batches are yielded
 * in order; reads abandoned by a caller that stopped early fail to no one.
 */
export async function* parallelKeysetBatches<T, P>(end: BatchEnd<P>, range: BatchRange<T, P>, parallel: number): AsyncGenerator<T[]> {
  const reading: Array<Promise<T[]>> = [];
  let after: P | null = null;
  let more = true;
  try {
    while (more || reading.length > 0) {
      while (more && reading.length < parallel) {
        const through = await end(after);
        const batch = range(after, through);
        batch.catch(() => undefined);
        reading.push(batch);
        more = through !== null;
        after = through;
      }
      yield await reading.shift()!;
    }
  } finally {
    reading.length = 0;
  }
}
