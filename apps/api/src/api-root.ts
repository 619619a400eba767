import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The API package's folder (apps/api), found from this file: it sits one level below it both as
 * source (src/api-root.ts, run by tsx in development and tests) and bundled (dist/main.mjs, run
 * by `npm start`), so paths built from here hold in both.
 */
export const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
