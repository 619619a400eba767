// Bundles the API server to plain JavaScript (apps/api/dist), so `npm start` runs compiled code
// instead of compiling TypeScript at every start (tsx stays for `npm run dev:api` and tests).
//
// Our own code, @portal/domain and the npm packages every start needs (Fastify, zod, drizzle, pg…)
// go into the bundle: resolving and reading ~1,800 separate files from node_modules cost a start
// about 0.7 s (issue 30). A package stays an import from node_modules when it must (see `external`).
//
// Code the server loads on first use (`await import('./…')`: the S3 store, the job queue, MFA…)
// becomes a chunk of its own beside the entries, read only when first needed. Beside them, the
// empty PGlite database a first start copies instead of running initdb (writeNewDatabaseTemplate).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/api/dist');

/** Packages left in node_modules, each for a reason. */
const external = [
  // Finds its WebAssembly (.wasm) and data (.data) files beside its own module.
  '@electric-sql/pglite',
  // Native addon: its .node binary is chosen per platform at run time.
  '@node-rs/argon2',
  // Reads its Roboto fonts from its own folder (contracts/pdf.ts resolves them with createRequire).
  'pdfmake',
  // pg's optional native binding, not installed: pg asks for it only when told to.
  'pg-native',
  // Loaded on first use only, by code that is itself lazy: bundling them would only make the build slower.
  'exceljs',
  'pdf-lib',
  'nodemailer',
  '@aws-sdk/*',
];

const result = await build({
  absWorkingDir: root,
  entryPoints: {
    main: 'apps/api/src/start.ts',
    'seed-demo': 'apps/api/src/demo/seed-demo-main.ts',
    'files-sweep': 'apps/api/src/modules/files/sweep-main.ts',
    'files-migrate': 'apps/api/src/modules/files/migrate-main.ts',
    backup: 'apps/api/src/backup/backup-main.ts',
    restore: 'apps/api/src/backup/restore-main.ts',
    'new-database-template': 'apps/api/src/db/new-database-template-main.ts',
  },
  outdir: dist,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  // Entries and chunks all sit directly in dist/, so `import.meta.url` in any of their code is
  // dist/<file>.mjs, one level below apps/api, as src/api-root.ts expects.
  splitting: true,
  chunkNames: 'chunk-[hash]',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: [...external, ...external.filter((name) => !name.includes('*')).map((name) => `${name}/*`)],
  // Bundled CommonJS packages call require() for Node's modules (and their own optional ones):
  // an ES module has no require, so each output file makes one for itself.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  // Without comments and indentation: a third smaller to read and parse, and one byte per character
  // in memory (a comment's '—' made V8 hold the whole source as UTF-16). Stack traces map back
  // to the TypeScript through the source maps.
  minifyWhitespace: true,
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
});

// Chunks are named by their content: the ones of earlier builds go, so dist/ holds this build only.
const built = new Set(Object.keys(result.metafile.outputs).map((file) => path.resolve(root, file)));
for (const file of fs.readdirSync(dist)) {
  if (/\.mjs(\.map)?$/.test(file) && !built.has(path.join(dist, file))) fs.rmSync(path.join(dist, file));
}

await writeNewDatabaseTemplate();

/**
 * dist/new-pglite-database.tar.gz: an empty PGlite database (initdb), migrated, then a checkpoint
 * (dist/new-database-template.mjs), which a start with no database yet copies instead of running
 * initdb and the migrations (src/db/pglite-template.ts). Made once per PGlite version and set of
 * migrations (it takes seconds), not at every build.
 */
async function writeNewDatabaseTemplate() {
  const file = path.join(dist, 'new-pglite-database.tar.gz');
  const stamp = `${file}.version`;
  const { version } = JSON.parse(fs.readFileSync(path.join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8'));
  const migrations = path.join(root, 'apps/api/drizzle');
  const hash = createHash('sha1');
  for (const name of fs.readdirSync(migrations).filter((entry) => entry.endsWith('.sql')).sort()) hash.update(name).update(fs.readFileSync(path.join(migrations, name)));
  hash.update(fs.readFileSync(path.join(migrations, 'meta/_journal.json')));
  const wanted = `${version} ${hash.digest('hex')}`;
  if (fs.existsSync(file) && fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === wanted) return;
  execFileSync(process.execPath, [path.join(dist, 'new-database-template.mjs'), file], { stdio: 'inherit' });
  fs.writeFileSync(stamp, wanted);
}
