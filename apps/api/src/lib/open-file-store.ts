import type { FilesConfig } from '../config';
import { DiskFileStore, type FileStore } from './file-store';
import { S3FileStore } from './s3-file-store';

/** The store FILES_URL names: a directory (the default, $DATA_DIR/files) or a bucket. */
export function openFileStore(files: FilesConfig): FileStore {
  if (files.kind === 'disk') return new DiskFileStore(files.root);
  const { kind: _kind, ...options } = files;
  return new S3FileStore(options);
}
