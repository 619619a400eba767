import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import apiBoundaries from './eslint/api-boundaries.js';
import webBoundaries from './eslint/web-boundaries.js';

const webApiUrlMessage = "Call the API through its contract in @portal/domain (callEndpoint), not a hand-written '/api/…' URL (decision 024).";

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'playwright-report/**', 'test-results/**', 'apps/api/drizzle/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      // Test helpers read JSON bodies loosely on purpose.
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    // No source file over 400 lines, blank lines and comments counted (issue 31): a longer one is
    // split by what its parts do. Generated files (drizzle's migrations and snapshots, dist/) are
    // ignored above.
    files: ['**/*.{ts,tsx}'],
    rules: { 'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }] },
  },
  {
    files: ['scripts/**/*.mjs', '**/*.config.{js,ts}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  {
    // The domain is shared by both sides: pure rules, no I/O, nothing of the apps.
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@portal/api', '@portal/web', '**/apps/**', 'node:*', 'fastify', 'react', 'drizzle-orm*'], message: 'packages/domain is pure: no I/O and no app code.' }] },
      ],
    },
  },
  {
    // A feature reaches another only through that feature's index.ts.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@/features/*/*'], message: "Import another feature through its index.ts ('@/features/<name>')." }] },
      ],
    },
  },
  {
    // Decision 024: the web calls the API only through the domain's endpoint contracts
    // (callEndpoint); a hand-written '/api/…' URL guesses the server's path and its answer.
    // Tests keep theirs: their fetch mocks answer by URL.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/tests/**', 'apps/web/src/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'Literal[value=/^\\/api\\//]', message: webApiUrlMessage },
        { selector: 'TemplateLiteral[quasis.0.value.raw=/^\\/api\\//]', message: webApiUrlMessage },
      ],
    },
  },
  // The web's boundaries: lib/ and components/ import no feature nor app/, features meet through
  // their index.ts, no cycles (import-x with the TypeScript resolver).
  ...webBoundaries,
  // The API's modules likewise (index.ts only), SQL in repositories, and no import cycles.
  ...apiBoundaries,
);
