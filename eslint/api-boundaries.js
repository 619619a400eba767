// The API's module boundaries (docs/decisions/007-module-boundaries.md), spread into eslint.config.js.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const api = 'apps/api/src';
/** Absolute glob: import-x/no-restricted-paths matches globbed `from` and `except` against absolute paths. */
const abs = (relative) => path.join(root, relative);
const modules = fs
  .readdirSync(abs(`${api}/modules`), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const publicFaces = abs(`${api}/modules/*/index.ts`);

const boundaryZones = [
  {
    target: [`${api}/lib`, `${api}/plugins`],
    from: `${api}/modules`,
    message: 'lib/ and plugins/ sit below the modules: they import none (pass what they need in, as app.ts does for the auth plugin).',
  },
  // A module reaches another only through that module's index.ts.
  ...modules.map((name) => ({
    target: `${api}/modules/${name}`,
    from: [abs(`${api}/modules/*/**`)],
    except: [abs(`${api}/modules/${name}/**`), publicFaces],
    message: `Import another module through its index.ts ('../<module>/index'), not its service, repository or routes.`,
  })),
  // So does everything outside the modules: app.ts, main.ts, the demo seed, db/, test support, the bench.
  {
    target: [`${api}/*.ts`, `${api}/demo`, `${api}/db`, `${api}/test`, 'bench'],
    from: [abs(`${api}/modules/*/**`)],
    except: [publicFaces],
    message: "Import a module through its index.ts ('modules/<module>/index').",
  },
];

const sqlZone = {
  target: api,
  from: [abs('node_modules/drizzle-orm/**'), abs(`${api}/db/schema/**`)],
  message: 'SQL lives in repositories: drizzle-orm and db/schema belong to modules/*/repository.ts, demo/repository.ts and db/. Pass plain values (e.g. a BranchScope) to a repository instead.',
};

const resolver = createTypeScriptImportResolver({
  alwaysTryTypes: true,
  noWarnOnMultipleProjects: true,
  project: ['apps/api/tsconfig.json', 'packages/domain/tsconfig.json', 'bench/tsconfig.json'].map(abs),
});

const restrictedPaths = (zones) => ['error', { basePath: root, zones }];

export default [
  {
    files: [`${api}/**/*.ts`, 'packages/domain/**/*.ts', 'bench/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // TypeScript files are parsed for no-cycle (import-x reads only .js by default).
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': undefined,
      'import-x/resolver-next': [resolver],
    },
    rules: {
      'import-x/no-restricted-paths': restrictedPaths(boundaryZones),
      'import-x/no-cycle': 'error',
    },
  },
  {
    // drizzle-orm (any subpath) and the schema: repositories and db/ only.
    files: [`${api}/**/*.ts`],
    ignores: [
      `${api}/modules/*/repository.ts`,
      `${api}/modules/*/repository/**`,
      `${api}/db/**`,
      // Test support writes rows straight to tables (factories, fixtures, asserting stored state):
      // allowed on purpose, tests are not application code.
      `${api}/test/**`,
      `${api}/**/*.test.ts`,
      // A split test file's shared setup and helpers, next to its files (e.g. policies.test-helpers.ts).
      `${api}/**/*.test-helpers.ts`,
      // The demo seed has its own repository for what no service writes (history times, folios of
      // past dates, documents of decided investigations) and for picking its branch, user and policies.
      `${api}/demo/repository.ts`,
    ],
    rules: {
      'import-x/no-restricted-paths': restrictedPaths([...boundaryZones, sqlZone]),
    },
  },
];
