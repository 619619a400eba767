import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Each file opens its own database (PGlite instance or PostgreSQL database); argon2 and
    // PGlite are CPU-bound, so two files at a time suit the 2-core machines this runs on.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
