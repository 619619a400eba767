import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'bench',
    environment: 'node',
    include: ['**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
