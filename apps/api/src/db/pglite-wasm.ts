import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * PGlite's PostgreSQL compiled to WebAssembly (9 MB), compiled by V8 on its background threads
 * while the server's own modules are still being read (issue 30). PGlite compiles it itself when
 * `PGlite.create` runs, after the app's modules have loaded; the main thread then sat idle for a
 * third of a second waiting for that compilation. Started by the entry (start.ts) before it
 * imports the server, and handed to PGlite as `pgliteWasmModule` (db/client.ts).
 */
let compiling: Promise<WebAssembly.Module | undefined> | undefined;

export function startPgliteWasmCompile(): void {
  compiling ??= (async () => {
    const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    return WebAssembly.compile(await fs.readFile(path.join(path.dirname(pgliteEntry), 'pglite.wasm')));
  })().catch(() => undefined); // PGlite then compiles it itself, as before.
}

/** The module compiled early, when the entry started it; undefined otherwise (PGlite compiles it). */
export function earlyPgliteWasm(): Promise<WebAssembly.Module | undefined> {
  return compiling ?? Promise.resolve(undefined);
}
