import { Readable } from 'node:stream';
import type { FileStore } from '../../lib/file-store';

/** A stored file's bytes, read whole. */
export async function readStored(files: FileStore, storedName: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of files.open(storedName)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Stores a PDF the signing drew, adding its name to `written` (removed if the transaction fails). */
export async function storePdf(files: FileStore, bytes: Uint8Array, written: string[]) {
  const stored = await files.save(Readable.from([Buffer.from(bytes)]), { accept: ['pdf'], wasTruncated: () => false });
  written.push(stored.storedName);
  return stored;
}
