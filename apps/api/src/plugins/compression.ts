import zlib from 'node:zlib';
import fp from 'fastify-plugin';
import compress from '@fastify/compress';

/**
 * API answers over 1 KiB are compressed for clients that accept it (issue 13): the spec's full
 * lists shrink about tenfold (313 MiB → 30 MiB for 100,000 policies), which is what a phone on 4G
 * or a branch's slow line waits for. The policy search compresses its own pages once and keeps
 * them (lib/json-text.ts); this plugin then leaves them alone. Brotli at quality 4
 * costs about what gzip's default does and packs tighter (quality 11 is for the web assets, made
 * once at build time; those, and anything already encoded, are left as they are). Files that are
 * compressed already (PDF, images) are skipped by type.
 */
export const compressionPlugin = fp(async (app) => {
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip', 'deflate'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
});
