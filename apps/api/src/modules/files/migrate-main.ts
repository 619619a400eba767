import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../../config';
import { withCommandDatabase } from '../../db/command-database';
import { DiskFileStore } from '../../lib/file-store';
import { S3FileStore } from '../../lib/s3-file-store';
import { migrateFiles, type MigrationResult } from './migrate';
import { runCommand } from '../../lib/run-command';

const usage =
  'Uso: npm run files:migrate -- --to s3://bucket/prefijo\n' +
  '  Copia al bucket cada archivo que usan los documentos, addendums y contratos, desde el disco (FILES_URL o $DATA_DIR/files),\n' +
  '  comprobando su SHA-256. Se puede repetir: lo que ya está en el bucket con el mismo tamaño no se vuelve a copiar.\n' +
  '  El bucket se configura con S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY y S3_FORCE_PATH_STYLE.\n';

/**
 * `npm run files:migrate -- --to s3://bucket/prefix`: copies the disk store to a bucket. Then
 * set FILES_URL to that address and restart. Safe while servers run on PostgreSQL (files
 * uploaded meanwhile go to disk: run it again after switching); on PGlite, stop the server first.
 */
async function main(): Promise<number> {
  const { values } = parseArgs({ options: { to: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  if (values.help || !values.to) {
    process.stdout.write(usage);
    return values.help ? 0 : 1;
  }
  const config = loadConfig();
  if (config.files.kind !== 'disk') throw new ConfigError('FILES_URL ya apunta a un bucket: files:migrate copia desde el disco (FILES_URL=file://… o sin definir).');
  const target = loadConfig({ ...process.env, FILES_URL: values.to }).files;
  if (target.kind !== 's3') throw new ConfigError('--to debe ser s3://bucket/prefijo');
  const source = new DiskFileStore(config.files.root);
  const bucket = new S3FileStore(target);
  try {
    await bucket.check().catch((error: unknown) => {
      throw new ConfigError(`No se pudo acceder al bucket ${bucket.location}: ${error instanceof Error ? error.message : String(error)}`);
    });
    return await withCommandDatabase(config, 'files:migrate', async (database) => {
      const result = await migrateFiles(database.db, source, bucket, (done, total) => {
        if (done % 100 === 0 || done === total) process.stdout.write(`  ${done} de ${total}…\n`);
      });
      process.stdout.write(summary(result, source.location, bucket.location));
      return result.missing.length + result.mismatched.length > 0 ? 1 : 0;
    });
  } finally {
    await bucket.close();
  }
}

function summary(result: MigrationResult, from: string, to: string): string {
  const megabytes = (result.copiedBytes / (1024 * 1024)).toFixed(1);
  const lines = [
    `${result.referenced} archivos en uso en ${from}: ${result.copied} copiados a ${to} (${megabytes} MB), ${result.skipped} ya estaban en el bucket.`,
  ];
  if (result.missing.length > 0) lines.push(`${result.missing.length} no están en el disco (ningún respaldo los tiene aquí):`, ...result.missing.map((name) => `  ${name}`));
  if (result.mismatched.length > 0) {
    lines.push(`${result.mismatched.length} no coinciden con el SHA-256 registrado y no se copiaron:`, ...result.mismatched.map((name) => `  ${name}`));
  }
  if (result.missing.length + result.mismatched.length === 0) lines.push(`Listo: defina FILES_URL=${to} y reinicie el servidor.`);
  return `${lines.join('\n')}\n`;
}

runCommand(main);
