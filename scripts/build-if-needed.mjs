// `npm start` runs this first: it builds the web app and the API server when there is no build
// yet or when a source file is newer than the build, so a fresh clone needs only
// `npm ci && npm start`, and a server never runs code older than its sources.
// `node scripts/build-if-needed.mjs api` checks only the server (the npm commands run from it).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const targets = [
  {
    name: 'web',
    built: 'apps/web/dist/index.html',
    sources: ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/package.json', 'packages/domain/src'],
    message: ['Compilando la aplicación web (solo la primera vez)…', 'La aplicación web cambió: compilando…'],
    command: ['npm', ['run', 'build:web']],
  },
  {
    name: 'api',
    built: 'apps/api/dist/main.mjs',
    // The bundle holds most npm packages too (scripts/build-api.mjs): a new install makes it stale.
    sources: ['apps/api/src', 'apps/api/package.json', 'packages/domain/src', 'scripts/build-api.mjs', 'package-lock.json', 'node_modules/.package-lock.json'],
    message: ['Compilando el servidor (solo la primera vez)…', 'El servidor cambió: compilando…'],
    command: [process.execPath, [path.join(root, 'scripts/build-api.mjs')]],
  },
];

function newestModification(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(full, { withFileTypes: true, recursive: true })
    // Test files are in no build: editing one does not rebuild the server at the next `npm test` (issue 30).
    .filter((dirent) => dirent.isFile() && !/\.test\.tsx?$/.test(dirent.name))
    .reduce((newest, dirent) => Math.max(newest, fs.statSync(path.join(dirent.parentPath, dirent.name)).mtimeMs), 0);
}

const only = process.argv.slice(2);
for (const target of targets.filter((candidate) => only.length === 0 || only.includes(candidate.name))) {
  const builtFile = path.join(root, target.built);
  const builtAt = fs.existsSync(builtFile) ? fs.statSync(builtFile).mtimeMs : 0;
  const changedAt = Math.max(...target.sources.map(newestModification));
  if (builtAt >= changedAt) continue;
  console.log(target.message[builtAt ? 1 : 0]);
  const [command, args] = target.command;
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
