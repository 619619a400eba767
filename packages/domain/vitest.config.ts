import { defineProject } from 'vitest/config';

export default defineProject({
  // Pure functions without module state: one import per worker (issue 30).
  test: { name: 'domain', environment: 'node', include: ['src/**/*.test.ts'], isolate: false },
});
