import { defineConfig } from 'vitest/config';

// One `npm test` for the three layers; e2e/ is Playwright's, not vitest's.
export default defineConfig({
  test: {
    // Each API test file opens its own database (PGlite instance or PostgreSQL database); argon2
    // and PGlite are CPU-bound, so two files at a time suit the 2-core machines this runs on.
    // Set here, not per project: vitest refuses projects with different worker counts.
    maxWorkers: 2,
    projects: ['packages/domain', 'apps/api', 'apps/web/vitest.config.ts', 'apps/web/vitest.isolated.config.ts', 'bench'],
  },
});
