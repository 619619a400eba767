// After the web build: writes a Brotli (.br) and a gzip (.gz) copy beside every text asset, at
// the strongest settings, once. The server hands them out by Accept-Encoding (@fastify/static's
// preCompressed), as a CDN would, so no request pays for compression.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = path.resolve(root, process.argv[2] ?? 'apps/web/dist');
const compressible = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;
/** Below this a compressed copy saves less than its own headers cost. */
const minBytes = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const files = fs
  .readdirSync(distDir, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && compressible.test(entry.name))
  .map((entry) => path.join(entry.parentPath, entry.name));

let original = 0;
let brotliBytes = 0;
await Promise.all(
  files.map(async (file) => {
    const content = fs.readFileSync(file);
    if (content.length < minBytes) return;
    const [br, gz] = await Promise.all([
      brotli(content, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
      gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
    ]);
    fs.writeFileSync(`${file}.br`, br);
    fs.writeFileSync(`${file}.gz`, gz);
    original += content.length;
    brotliBytes += br.length;
  }),
);
console.log(`compress-static: ${files.length} archivos, ${(original / 1024).toFixed(0)} KB → ${(brotliBytes / 1024).toFixed(0)} KB con Brotli`);
