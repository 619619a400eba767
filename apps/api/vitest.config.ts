import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Migrates and seeds the template databases once per run; each file opens a copy (src/test/templates.ts).
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 30_000,
    // Issue 30: the app's module graph is imported once per worker, not once per file (import time
    // 109 s → 8 s over the project). Safe because every file builds its own app on its own database
    // copy (src/test/app.ts); what modules keep at module level is a cache (the PDF printer, the
    // dummy hash, the common passwords), the pack queue, or a hint (the outbox's 'queued' flag
    // makes at most one delivery run for nothing).
    isolate: false,
    hookTimeout: 60_000,
  },
});
