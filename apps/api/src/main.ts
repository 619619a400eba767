import { ConfigError, loadConfig, publicUrlWarning, type AppConfig } from './config';
import { buildApp } from './app';
import { prepareDatabase } from './db/setup';
import { lockDataDirectory } from './db/pglite-lock';
import { resolveDataDirSecret } from './lib/data-dir-secret';
import { SecretBox } from './lib/secret-box';
import type { SeedResult } from './db/seed';
import { endOfLifeWarning } from './lib/node-support';

const SHUTDOWN_TIMEOUT_MS = 10_000;

async function main() {
  const config = loadConfig();
  const releaseLock = config.databaseUrl ? () => {} : lockDataDirectory(config.dataDir);
  const { database, seed } = await prepareDatabase(config);
  const jwtSecret = await resolveDataDirSecret(config.jwtSecret, config.dataDir, 'jwt-secret');
  const secretBox = new SecretBox(await resolveDataDirSecret(config.secretsKey, config.dataDir, 'secrets-key'));
  const app = await buildApp(config, { database, jwtSecret, secretBox });

  let closing = false;
  let jobStartTimer: NodeJS.Timeout | undefined;
  const shutdown = async (signal: string) => {
    if (closing) {
      app.log.warn('second signal: exiting now');
      process.exit(1);
    }
    closing = true;
    clearTimeout(jobStartTimer);
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown timed out');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    force.unref();
    try {
      await app.close(); // stops accepting, lets requests in flight finish
      await database.close(); // PGlite flushes and closes its files here
      releaseLock();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  if (database.kind === 'pglite') jobStartTimer = setTimeout(() => startJobsWhenPossible(app), PGLITE_JOB_START_DELAY_MS);
  else startJobsWhenPossible(app);
  const address = app.server.address();
  announce(typeof address === 'object' && address ? address.port : config.port, config, database.kind, seed);
}

const JOB_START_RETRY_MS = 30_000;
/**
 * PGlite is one engine on the main thread: the queue's set-up (pg-boss's schema check, its queues,
 * schedules and workers: dozens of statements) would run between the first requests' queries and
 * make them wait — a quarter of a start's CPU before the first /api/health answered (issue 30).
 * It starts three seconds later instead: no job of the queue is due within seconds of a start (a
 * request's e-mail waits for the next run, as it does when the queue is briefly down).
 */
const PGLITE_JOB_START_DELAY_MS = 3_000;

/**
 * The queue starts after the server listens (its first start creates pg-boss's schema) and, if
 * the database refuses it for now, tries again until it works: requests never wait for it.
 */
function startJobsWhenPossible(app: Awaited<ReturnType<typeof buildApp>>) {
  if (!app.jobQueue.enabled) return;
  app.jobQueue.start().then(
    () => app.log.info('job queue started'),
    (error: unknown) => {
      app.log.error({ err: error }, 'job queue did not start; trying again in 30 s');
      setTimeout(() => startJobsWhenPossible(app), JOB_START_RETRY_MS).unref();
    },
  );
}

/** Written to the console, not the log: the generated password must appear once and never in log files. */
function announce(port: number, config: AppConfig, kind: string, seed: SeedResult) {
  const host = config.host;
  const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  const lines = [`Portal de Pólizas en http://${shownHost}:${port}  (base de datos: ${kind === 'pglite' ? 'PGlite embebida' : 'PostgreSQL'})`];
  // Once per start, where the deployer looks: an end-of-life Node gets no security fixes (decision 021).
  const runtimeWarning = endOfLifeWarning(process.versions.node, new Date());
  if (runtimeWarning) lines.push(runtimeWarning);
  // E-mails go out with links; without PUBLIC_URL they may point where recipients cannot go.
  const linksWarning = publicUrlWarning(config);
  if (linksWarning) lines.push(linksWarning);
  if (seed.seeded) {
    lines.push(`Base de datos nueva: 3 sucursales y el administrador ${seed.adminEmail}.`);
    if (seed.generatedPassword) {
      lines.push(`Contraseña generada para ${seed.adminEmail}: ${seed.generatedPassword}`);
      lines.push('Guárdela ahora: no se volverá a mostrar. Cámbiela desde Gestión de Usuarios.');
    }
  }
  process.stdout.write(`\n${lines.map((line) => `  ${line}`).join('\n')}\n\n`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`No se pudo iniciar el Portal de Pólizas: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
  }
  process.exit(1);
});
