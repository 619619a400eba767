import { startPgliteWasmCompile } from './db/pglite-wasm';

/**
 * `npm start`'s entry (dist/main.mjs): without DATABASE_URL the database is PGlite, whose
 * WebAssembly starts compiling on V8's background threads now, while the server's modules are
 * read and evaluated on the main thread (issue 30); then the server itself (main.ts).
 */
if (!process.env.DATABASE_URL) startPgliteWasmCompile();
await import('./main');
