// The web app's boundaries, enforced by lint (issue 12):
// - lib/ and components/ are shared ground: they import no feature and nothing of app/;
// - a feature reaches another feature only through that feature's index.ts;
// - no import cycles in apps/web/src.
// Spread into the root eslint.config.js. Paths are absolute, so the rules hold whatever the cwd.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const src = path.join(repoRoot, 'apps/web/src');
const featuresDir = path.join(src, 'features');
const features = readdirSync(featuresDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const webFiles = ['apps/web/src/**/*.{ts,tsx}'];
const settings = {
  // How import-x reads the files it follows (TypeScript), as its flatConfigs.typescript says.
  'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
  'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
  'import-x/resolver-next': [createTypeScriptImportResolver({ project: path.join(repoRoot, 'apps/web/tsconfig.json') })],
};

const sharedGround = ['lib', 'components'].map((dir) => ({
  target: path.join(src, dir),
  from: [featuresDir, path.join(src, 'app')],
  message: `src/${dir} is shared by every screen: it imports no feature and nothing of app/.`,
}));

const featureZones = features.map((feature) => ({
  target: path.join(featuresDir, feature),
  from: featuresDir,
  except: [`./${feature}`, ...features.filter((other) => other !== feature).map((other) => `./${other}/index.ts`)],
  message: "Import another feature through its index.ts ('@/features/<name>').",
}));

export default [
  {
    files: webFiles,
    plugins: { 'import-x': importX },
    settings,
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: featureZones }],
    },
  },
  {
    // Tests of lib/ may exercise it together with the real session of features/auth.
    files: ['apps/web/src/lib/**/*.{ts,tsx}', 'apps/web/src/components/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings,
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: sharedGround }],
    },
  },
];
