// `npm start` runs this first: it builds the web app when there is no build yet or when a
// source file is newer than the build, so a fresh clone needs only `npm ci && npm start`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'apps/web/dist/index.html');
const sources = ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/package.json', 'packages/domain/src'];

function newestModification(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(full, { withFileTypes: true, recursive: true })
    .filter((dirent) => dirent.isFile())
    .reduce((newest, dirent) => Math.max(newest, fs.statSync(path.join(dirent.parentPath, dirent.name)).mtimeMs), 0);
}

const builtAt = fs.existsSync(builtIndex) ? fs.statSync(builtIndex).mtimeMs : 0;
const changedAt = Math.max(...sources.map(newestModification));

if (builtAt >= changedAt) process.exit(0);

console.log(builtAt ? 'La aplicación web cambió: compilando…' : 'Compilando la aplicación web (solo la primera vez)…');
const result = spawnSync('npm', ['run', 'build', '-w', '@portal/web'], { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? 1);
