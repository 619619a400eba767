// Bundles the API server to plain JavaScript (apps/api/dist), so `npm start` runs compiled code
// instead of compiling TypeScript at every start (tsx stays for `npm run dev:api` and tests).
// Our own code and @portal/domain (TypeScript source) go into the bundle; every npm package stays
// an import, resolved from node_modules at run time: PGlite finds its WebAssembly files beside
// its own module, and native addons (argon2) load as they do in development.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const api = path.join(root, 'apps/api');

/** Bare imports (npm packages, node: builtins) stay imports; @portal/* and relative paths are bundled. */
const keepPackagesExternal = {
  name: 'keep-packages-external',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@portal/') ? undefined : { path: args.path, external: true }));
  },
};

await build({
  absWorkingDir: root,
  entryPoints: {
    main: 'apps/api/src/main.ts',
    'seed-demo': 'apps/api/src/demo/seed-demo-main.ts',
    'files-sweep': 'apps/api/src/modules/files/sweep-main.ts',
    'files-migrate': 'apps/api/src/modules/files/migrate-main.ts',
    backup: 'apps/api/src/backup/backup-main.ts',
    restore: 'apps/api/src/backup/restore-main.ts',
  },
  outdir: path.join(api, 'dist'),
  outExtension: { '.js': '.mjs' },
  bundle: true,
  // No shared chunks: each entry is one file directly in dist/, so `import.meta.url` in any of its
  // code is dist/<entry>.mjs, one level below apps/api, as src/api-root.ts expects.
  splitting: false,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [keepPackagesExternal],
});
