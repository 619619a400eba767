import { defineProject, type UserWorkspaceConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const srcDir = decodeURIComponent(new URL('./src', import.meta.url).pathname);

/**
 * Files that need a fresh module graph of their own (run by vitest.isolated.config.ts): they
 * replace modules (`vi.mock`), or test what the app keeps at module level — the session, its
 * refresh timer, why it ended, the app's query client, the router built once. Every other file
 * runs here with `isolate: false` (issue 30): the app's modules are imported once per worker
 * instead of once per file. The DOM is one happy-dom window per worker either way, emptied after
 * each test by setup.ts.
 */
export const needsIsolation = [
  'src/app/tests/**',
  'src/features/auth/session/tests/**',
  'src/features/e-signature/public/tests/public-signing-view.test.tsx',
  'src/features/e-signature/public/tests/signature-step.test.tsx',
  'src/lib/api-client.test.ts',
];

export const webProject = {
  plugins: [react()],
  resolve: { alias: { '@': srcDir } },
  test: {
    environment: 'happy-dom',
    setupFiles: ['./src/test/setup.ts'],
  },
} satisfies UserWorkspaceConfig;

export default defineProject({
  ...webProject,
  test: {
    ...webProject.test,
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: needsIsolation,
    isolate: false,
  },
});
