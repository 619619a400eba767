import type { FilesConfig } from '../config';
import { DiskFileStore, type FileStore } from './file-store';

/**
 * The store FILES_URL names: a directory (the default, $DATA_DIR/files) or a bucket. The S3 SDK
 * (about 2 MB of JavaScript) is loaded only when a bucket is named (issue 30: start-up).
 */
export async function openFileStore(files: FilesConfig): Promise<FileStore> {
  if (files.kind === 'disk') return new DiskFileStore(files.root);
  const { kind: _kind, ...options } = files;
  const { S3FileStore } = await import('./s3-file-store');
  return new S3FileStore(options);
}

/**
 * Where a browser fetches presigned downloads from (S3_PRESIGN_DOWNLOADS): the origin of a URL
 * the SDK signs, so path-style, virtual-hosted and custom endpoints all come out as they will be
 * used. The portal's Content-Security-Policy lets the web app connect there; nothing otherwise.
 */
export async function presignedDownloadOrigins(files: FilesConfig): Promise<string[]> {
  if (files.kind !== 's3' || !files.presignDownloads) return [];
  const { kind: _kind, ...options } = files;
  const { S3FileStore } = await import('./s3-file-store');
  const store = new S3FileStore(options);
  try {
    const url = await store.downloadUrl('00/00000000-0000-0000-0000-000000000000.pdf', { contentType: 'application/pdf', contentDisposition: 'attachment' });
    return url ? [new URL(url).origin] : [];
  } finally {
    await store.close();
  }
}
