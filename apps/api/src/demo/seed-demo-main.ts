import { parseArgs } from 'node:util';
import { policyStatusLabels, policyStatuses } from '@portal/domain';
import { ConfigError, loadConfig } from '../config';
import { openFileStore } from '../lib/open-file-store';
import { CommandError, withCommandDatabase } from '../db/command-database';
import { DemoSeedError, seedDemoPolicies } from './seed-demo';

/**
 * `npm run seed:demo [-- --branch <id>]`: the database the server would use (DATA_DIR or
 * DATABASE_URL), migrated and seeded like at start-up, then about forty demo policies in one
 * branch. A branch that already has demo policies is left as it is.
 */
async function main(): Promise<number> {
  const { values } = parseArgs({ options: { branch: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  if (values.help) {
    process.stdout.write('Uso: npm run seed:demo [-- --branch <id>]\n  Crea ~40 pólizas de demostración (todas los estatus) en la sucursal indicada (por omisión, Sucursal Polanco).\n');
    return 0;
  }
  const branchId = values.branch === undefined ? undefined : Number(values.branch);
  if (branchId !== undefined && (!Number.isInteger(branchId) || branchId <= 0)) {
    process.stderr.write(`--branch debe ser el id numérico de una sucursal (recibido: ${values.branch}).\n`);
    return 2;
  }

  const config = loadConfig();
  return withCommandDatabase(config, 'seed:demo', async (database, seed) => {
    const where = config.databaseUrl ? 'PostgreSQL' : `PGlite en ${config.dataDir}`;
    if (seed.seeded) {
      process.stdout.write(`Base de datos nueva (${where}): 3 sucursales y el administrador ${seed.adminEmail}.\n`);
      if (seed.generatedPassword) {
        process.stdout.write(`Contraseña generada para ${seed.adminEmail}: ${seed.generatedPassword}\nGuárdela ahora: no se volverá a mostrar.\n`);
      }
    }
    const started = Date.now();
    const files = await openFileStore(config.files);
    const result = await seedDemoPolicies(database.db, { branchId, files });
    const counts = policyStatuses.map((status) => `${policyStatusLabels[status]}: ${result.byStatus[status]}`).join(' · ');
    if (result.skipped) {
      process.stdout.write(
        `${result.branchName} (id ${result.branchId}) ya tiene ${result.policies} pólizas de demostración; no se agregó nada.\n  ${counts}\n`,
      );
    } else {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(
        `${result.branchName} (id ${result.branchId}): ${result.policies} pólizas de demostración creadas en ${seconds} s (${where}), registradas por ${result.actorEmail}.\n` +
          `  ${counts}\n  ${result.events} eventos de historial; ${result.documents} documentos de investigación en ${files.location}.\n` +
          `  ${result.activity.addendums} addendums, ${result.activity.appointments} citas y ${result.activity.leads} leads.\n`,
      );
    }
    await files.close();
    return 0;
  });
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigError || error instanceof DemoSeedError || error instanceof CommandError) {
      process.stderr.write(`${error.message}\n`);
    } else {
      process.stderr.write(`No se pudieron crear las pólizas de demostración: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    }
    process.exit(1);
  },
);
