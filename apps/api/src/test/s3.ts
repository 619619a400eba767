import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { S3FileStore, type S3StoreOptions } from '../lib/s3-file-store';

/** A real S3 HTTP server on loopback (s3rver) with one bucket, for the store's and the API's tests. */
export interface TestBucket {
  bucket: string;
  endpoint: string;
  /** The environment that points an app at this bucket under `prefix`. */
  env(prefix?: string, extra?: Record<string, string>): Record<string, string>;
  options(prefix?: string, extra?: Partial<S3StoreOptions>): S3StoreOptions;
  /** Every key in the bucket: what a rejected file must not leave. */
  keys(): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * s3rver encrypts ListObjectsV2 continuation tokens with single DES, which Node 20's OpenSSL 3
 * only has in its legacy provider, so a truncated listing fails. Triple DES with the key repeated
 * three times is single DES, and is in the default provider: s3rver (in this process) gets that.
 */
function letS3rverPageListings() {
  const patched = crypto as typeof crypto & { s3rverDes?: boolean };
  if (patched.s3rverDes) return;
  patched.s3rverDes = true;
  const tripled = (key: crypto.CipherKey) => Buffer.concat([key as Buffer, key as Buffer, key as Buffer]);
  const { createCipheriv, createDecipheriv } = crypto;
  Object.assign(crypto, {
    createCipheriv: (algorithm: string, key: crypto.CipherKey, iv: crypto.BinaryLike | null) =>
      algorithm === 'des' ? createCipheriv('des-ede3-cbc', tripled(key), iv) : createCipheriv(algorithm, key, iv),
    createDecipheriv: (algorithm: string, key: crypto.CipherKey, iv: crypto.BinaryLike | null) =>
      algorithm === 'des' ? createDecipheriv('des-ede3-cbc', tripled(key), iv) : createDecipheriv(algorithm, key, iv),
  });
}

export async function startTestBucket(): Promise<TestBucket> {
  letS3rverPageListings();
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-s3rver-'));
  const bucket = 'portal-test';
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket }] });
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  const options = (prefix = `t-${crypto.randomUUID().slice(0, 8)}`, extra: Partial<S3StoreOptions> = {}): S3StoreOptions => ({
    bucket,
    prefix,
    endpoint,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    presignDownloads: false,
    ...extra,
  });
  const admin = new S3FileStore(options(''));
  return {
    bucket,
    endpoint,
    options,
    env: (prefix = `t-${crypto.randomUUID().slice(0, 8)}`, extra = {}) => ({
      FILES_URL: `s3://${bucket}/${prefix}`,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      ...extra,
    }),
    async keys() {
      const listed = await admin.client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listed.Contents ?? []).map((object) => object.Key ?? '').sort();
    },
    async close() {
      await admin.close();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
