import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { restoreDataDirectory } from './backup';
import { runCommand } from '../lib/run-command';

const usage = `Uso: npm run restore -- <carpeta del respaldo> [--force]
  Restaura un respaldo de npm run backup en DATA_DIR, que debe estar vacío (--force reemplaza lo que
  contenga). Detenga el servidor antes. Al iniciar, el servidor aplica las migraciones más nuevas.
`;

/** `npm run restore -- <backup> [--force]`: see backup.ts. */
async function main(): Promise<number> {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } });
  if (values.help || positionals.length !== 1) {
    (values.help ? process.stdout : process.stderr).write(usage);
    return values.help ? 0 : 1;
  }
  const config = loadConfig();
  if (config.databaseUrl) {
    process.stderr.write('npm run restore restaura la base de datos embebida (PGlite), y DATABASE_URL apunta a PostgreSQL: quite DATABASE_URL o restaure con pg_restore (vea docs/DEPLOY.md).\n');
    return 1;
  }
  const backupDir = path.resolve(positionals[0]!);
  const manifest = await restoreDataDirectory(backupDir, config.dataDir, { force: values.force ?? false });
  process.stdout.write(`Respaldo del ${manifest.createdAt} restaurado en ${config.dataDir}: base de datos y ${manifest.files.length === 1 ? '1 archivo verificado' : `${manifest.files.length} archivos verificados`}. Ya puede iniciar el servidor (npm start).\n`);
  return 0;
}

runCommand(main);
