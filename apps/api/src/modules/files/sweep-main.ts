import { parseArgs } from 'node:util';
import { loadConfig } from '../../config';
import { withCommandDatabase } from '../../db/command-database';
import { openFileStore } from '../../lib/open-file-store';
import { sweepUnreferencedFiles } from './index';
import { runCommand } from '../../lib/run-command';

const DAY = 24 * 60 * 60 * 1000;

/**
 * `npm run files:sweep [-- --dry-run]`: removes the stored files (FILES_URL: $DATA_DIR/files or a bucket) that no document
 * or addendum names and that are older than a day. Safe while servers run on PostgreSQL; on
 * PGlite, stop the server first (one process per data directory).
 */
async function main(): Promise<number> {
  const { values } = parseArgs({ options: { 'dry-run': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } });
  if (values.help) {
    process.stdout.write('Uso: npm run files:sweep [-- --dry-run]\n  Elimina los archivos que ningún documento ni addendum usa (con más de un día).\n');
    return 0;
  }
  const config = loadConfig();
  return withCommandDatabase(config, 'files:sweep', async (database) => {
    const files = await openFileStore(config.files);
    const dryRun = values['dry-run'] ?? false;
    const result = await sweepUnreferencedFiles(database.db, files, { olderThanMs: DAY, dryRun });
    const megabytes = (result.bytes / (1024 * 1024)).toFixed(1);
    const verb = dryRun ? 'se eliminarían' : 'eliminados';
    process.stdout.write(`${result.scanned} archivos revisados en ${files.location}; ${result.unreferenced.length} sin uso (${megabytes} MB) ${verb}.\n`);
    for (const name of result.unreferenced) process.stdout.write(`  ${name}\n`);
    await files.close();
    return 0;
  });
}

runCommand(main);
