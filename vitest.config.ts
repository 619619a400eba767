import { defineConfig } from 'vitest/config';

// One `npm test` for the three layers; e2e/ is Playwright's, not vitest's.
export default defineConfig({
  test: {
    // Each API test file opens its own database (PGlite instance or PostgreSQL database); argon2
    // and PGlite are CPU-bound, so two files at a time suit the 2-core machines this runs on.
    // Set here, not per project: vitest refuses projects with different worker counts.
    maxWorkers: 2,
    // Issue 30: the transformed modules (TypeScript, JSX) are kept on disk between runs
    // (node_modules/.experimental-vitest-cache), keyed by each file's content and the config files;
    // a new lockfile empties it. A run after the first transforms only what changed (whole suite:
    // vitest's transform 27–33 s → 6–7 s, docs/performance/tests.md). `npx vitest --clearCache`
    // empties it.
    experimental: { fsModuleCache: true },
    projects: ['packages/domain', 'apps/api', 'apps/web/vitest.config.ts', 'apps/web/vitest.isolated.config.ts', 'bench'],
  },
});
