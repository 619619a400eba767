import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { backupDataDirectory, newBackupDirectory } from './backup';
import { runCommand } from '../lib/run-command';

const usage = `Uso: npm run backup [-- --out <carpeta>]
  Respalda la base de datos embebida (PGlite) y los archivos de DATA_DIR en backups/AAAA-MM-DDTHHmm/
  (hora UTC) o en la carpeta indicada. Detenga el servidor antes: PGlite admite un proceso a la vez.
  Con DATABASE_URL (PostgreSQL) use pg_dump y respalde la carpeta de archivos: vea docs/DEPLOY.md.
`;

const filesText = (count: number) => (count === 1 ? '1 archivo' : `${count} archivos`);

/** Where uploaded files live when it is not under DATA_DIR (a bucket, or another directory): the backup does not reach them. */
function filesOutsideDataDir(config: ReturnType<typeof loadConfig>): string | null {
  if (config.files.kind === 's3') return `s3://${config.files.bucket}/${config.files.prefix}`;
  const relative = path.relative(config.dataDir, config.files.root);
  return relative.startsWith('..') || path.isAbsolute(relative) ? config.files.root : null;
}

/** `npm run backup [-- --out dir]`: see backup.ts. */
async function main(): Promise<number> {
  const { values } = parseArgs({ options: { out: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  if (values.help) {
    process.stdout.write(usage);
    return 0;
  }
  const config = loadConfig();
  if (config.databaseUrl) {
    process.stderr.write('npm run backup respalda la base de datos embebida (PGlite), y DATABASE_URL apunta a PostgreSQL: respalde con pg_dump y copie los archivos (vea docs/DEPLOY.md).\n');
    return 1;
  }
  const outDir = values.out ? path.resolve(values.out) : await newBackupDirectory(path.resolve('backups'));
  const started = Date.now();
  const manifest = await backupDataDirectory(config.dataDir, outDir);
  const bytes = manifest.database.bytes + manifest.files.reduce((sum, file) => sum + file.bytes, 0);
  const elsewhere = filesOutsideDataDir(config);
  if (elsewhere) process.stderr.write(`Aviso: los archivos subidos están en ${elsewhere}, fuera de DATA_DIR: este respaldo no los incluye; respáldelos aparte (vea docs/DEPLOY.md).\n`);
  process.stdout.write(
    `Respaldo en ${outDir}: base de datos y ${filesText(manifest.files.length)} (${(bytes / (1024 * 1024)).toFixed(1)} MB) en ${((Date.now() - started) / 1000).toFixed(1)} s.\n` +
      `Para restaurarlo: npm run restore -- ${path.relative(process.cwd(), outDir) || outDir}\n`,
  );
  return 0;
}

runCommand(main);
