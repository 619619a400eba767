import { defineConfig } from 'vitest/config';

// One `npm test` for the three layers; e2e/ is Playwright's, not vitest's.
export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/api', 'apps/web'],
  },
});
