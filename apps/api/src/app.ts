import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { jobLabels, type JobName } from '@portal/domain';
import type { AppConfig } from './config';
import type { Database, Db } from './db/client';
import { CredentialPaths } from './lib/credential-paths';
import { postgresRateLimitStore } from './db/postgres-rate-limit-store';
import { businessJobs } from './jobs/business-jobs';
import { createJobQueue, type JobQueue } from './jobs/job-queue';
import { authPlugin } from './plugins/auth';
import { compressionPlugin } from './plugins/compression';
import { errorsPlugin, sendFrameworkError } from './plugins/errors';
import { filesPlugin } from './plugins/files';
import { metricsPlugin } from './plugins/metrics';
import { openApiPlugin } from './plugins/openapi';
import { publicRoutesPlugin } from './plugins/public-routes';
import { securityHeadersPlugin } from './plugins/security-headers';
import { zodValidatorCompiler } from './plugins/validation';
import { webAppPlugin } from './plugins/web-app';
import { accessLogModule } from './modules/access-log/index';
import { accountModule } from './modules/account/index';
import { addendumsModule } from './modules/addendums/index';
import { appointmentsModule } from './modules/appointments/index';
import { arcoModule } from './modules/arco/index';
import { authModule, startUserCache, userForAccessToken } from './modules/auth/index';
import { branchesModule } from './modules/branches/index';
import { contractPackHook, contractsModule, renderDocument } from './modules/contracts/index';
import { eSignatureModule, loadEfirmaSettings, signingHook } from './modules/e-signature/index';
import { createMailTransport, emailModule, takeQueuedEmailsFlag } from './modules/email/index';
import { healthModule } from './modules/health/index';
import { investigationsModule } from './modules/investigations/index';
import { jobsModule } from './modules/jobs/index';
import { leadCaptureModule } from './modules/lead-capture/index';
import { leadsModule } from './modules/leads/index';
import { metricsModule } from './modules/metrics/index';
import { mfaModule } from './modules/mfa/index';
import { notificationsModule, notifyAppointmentAnswerChanged, notifyJobFailed } from './modules/notifications/index';
import { policiesModule, startSearchPages } from './modules/policies/index';
import { policyFileModule } from './modules/policy-file/index';
import { rentStatementPreview, rentsModule } from './modules/rents/index';
import { moveOutModule } from './modules/move-out/index';
import { claimDocumentPreview, claimsModule } from './modules/claims/index';
import { feesModule } from './modules/fees/index';
import { brokersModule } from './modules/brokers/index';
import { invoicesModule } from './modules/invoices/index';
import { policyLifecycleModule } from './modules/policy-lifecycle/index';
import { publicLinksModule } from './modules/public-links/index';
import { retentionModule } from './modules/retention/index';
import { usersModule } from './modules/users/index';
import { whatsappModule } from './modules/whatsapp/index';
import type { SecretBox } from './lib/secret-box';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dbKind: Database['kind'];
    config: AppConfig;
    secretBox: SecretBox;
    /** The job queue (issue 15): started by main.ts once the server listens, or by a test. */
    jobQueue: JobQueue;
  }
}

export interface AppDependencies {
  database: Database;
  jwtSecret: Uint8Array;
  /** Seals the secrets stored in the database (SECRETS_KEY). */
  secretBox: SecretBox;
  /** Where log lines go; stdout when absent. Tests pass a collector. */
  logStream?: { write(line: string): void };
  /** How often idle job workers poll (tests shorten it); pg-boss's 2 s otherwise. */
  jobPollingIntervalSeconds?: number;
}

/** Never logged: credentials in headers and bodies. */
const redactPaths = ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token', '*.refreshToken'];

/**
 * Builds the whole app on an open database; main.ts and the tests both use it. The caller owns
 * the database (opens it, migrates it, closes it after app.close()).
 */
export async function buildApp(config: AppConfig, deps: AppDependencies): Promise<FastifyInstance> {
  // Filled as the routes with a credential in their path are registered (plugins/public-routes.ts).
  const credentialPaths = new CredentialPaths();
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: redactPaths, censor: '[oculto]' },
      serializers: {
        req: (request: FastifyRequest) => ({
          method: request.method,
          // A link's token, a web form's key, a calendar feed's file: a credential in the path is never logged.
          url: credentialPaths.masked(request),
          host: request.host,
          remoteAddress: request.ip,
        }),
      },
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    // One line per request, written when it ends (below), instead of Fastify's two ('incoming
    // request' and 'request completed'): each line is a write to stdout, and the two were 12 % of
    // the server's CPU on a simple authenticated read (issue 30, bench:cpu-probe's profile).
    disableRequestLogging: true,
    trustProxy: config.trustProxy,
    // Bodies over 1 MiB are not JSON a form sends; files come through multipart with their own limit.
    bodyLimit: 1024 * 1024,
    // The router's own early errors (bad %-escape, too long a segment) leave in Spanish with the headers.
    frameworkErrors: (error, request, reply) => sendFrameworkError(error, request, reply),
  }).withTypeProvider<ZodTypeProvider>();

  // The API speaks JSON (and multipart where files are uploaded); anything else is a 415.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('db', deps.database.db);
  app.decorate('dbKind', deps.database.kind);
  app.decorate('config', config);
  app.decorate('secretBox', deps.secretBox);

  // The request's line: who asked what (the `req` serializer above, tokens masked), the answer's
  // status and how long it took.
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    done();
  });
  await app.register(errorsPlugin);
  // First, so its onResponse hook sees every request (issue 18).
  await app.register(metricsPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(compressionPlugin);
  await app.register(openApiPlugin);
  // The plugin knows no module: it is handed the current-user lookup of the auth module.
  const db = deps.database.db;
  // Users' rows are cached for a few seconds and forgotten on NOTIFY users_changed (issue 13).
  const stopUserCache = await startUserCache(deps.database);
  app.addHook('onClose', stopUserCache);
  await app.register(authPlugin, { userForToken: (token) => userForAccessToken(db, deps.jwtSecret, token) });
  await app.register(filesPlugin);
  // The routes open to whoever holds a credential in their path (issues 17, 20) are registered
  // through publicRoutes(): rate limit, headers and masked logs. Counted in the database, so
  // several instances share one limit (issue 19).
  await app.register(publicRoutesPlugin, { store: postgresRateLimitStore(db), credentialPaths });
  // Recent policy search pages, dropped on NOTIFY policies_changed (issue 13) and, for this
  // instance's own writes, before the write is answered: whatever a write request changed, the
  // writer's next search reads it.
  const searchPages = await startSearchPages(deps.database, config.searchCacheMs);
  app.addHook('onClose', searchPages.stop);
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') searchPages.clear();
    done(null, payload);
  });

  // Built here, started later (main.ts, after listen): serving requests never waits for it.
  const mail = createMailTransport(config);
  const whatsapp = { hosts: { allowed: config.whatsappGatewayHosts }, log: app.log };
  const jobs = businessJobs({ db, files: app.files, mail, secretBox: deps.secretBox, whatsapp, publicUrl: config.publicUrl });
  const jobQueue = createJobQueue(deps.database.jobConnection, jobs, {
    enabled: config.jobsEnabled,
    log: app.log,
    serializeStartup: (work) => deps.database.withStartupLock(work),
    onFinalFailure: (name, error) => {
      app.metrics.countJobFailure(name);
      return notifyJobFailed(db, { jobName: jobLabels[name as JobName]?.label ?? name, error: error instanceof Error ? error.message : String(error) });
    },
    ...(deps.jobPollingIntervalSeconds ? { pollingIntervalSeconds: deps.jobPollingIntervalSeconds } : {}),
  });
  app.decorate('jobQueue', jobQueue);
  // E-mails queued by a request (a link, a one-time code, a notice) go out now, not at the next minute's run.
  app.addHook('onResponse', async () => {
    // Without SMTP_URL a run could send nothing: the e-mails wait, and no run is recorded.
    if (!takeQueuedEmailsFlag() || !jobQueue.enabled || !mail) return;
    jobQueue.runNow('email-delivery').catch((error: unknown) => app.log.warn({ err: error }, 'could not queue e-mail delivery now'));
  });
  app.addHook('onClose', () => jobQueue.stop());

  // Each module registers its own routes: staff's behind a session (staffRoutes), the public ones
  // through publicRoutes(). Sign-in, health and metrics have their own rules.
  await app.register(healthModule);
  await app.register(metricsModule, { poolUse: () => deps.database.poolUse() });
  await app.register(authModule, { jwtSecret: deps.jwtSecret, mfaRequiredFor: config.mfaRequiredFor });
  await app.register(usersModule);
  await app.register(branchesModule);
  await app.register(accessLogModule);
  await app.register(retentionModule);
  const contractPack = contractPackHook(app.files, (error, storedName) => app.log.error({ err: error, storedName }, 'could not remove a contract file'));
  const signing = signingHook(app.files, (error, storedName) => app.log.error({ err: error, storedName }, 'could not remove a signing file'), { efirmaAvailable: config.efirma !== undefined });
  await app.register(policiesModule, { searchPages, contractPack, signing });
  await app.register(policyLifecycleModule);
  await app.register(contractsModule, { statementPreview: rentStatementPreview, claimPreview: claimDocumentPreview });
  await app.register(policyFileModule);
  await app.register(rentsModule);
  await app.register(moveOutModule);
  await app.register(claimsModule);
  await app.register(feesModule);
  await app.register(brokersModule, { drawDocument: renderDocument });
  await app.register(invoicesModule);
  await app.register(investigationsModule);
  await app.register(addendumsModule);
  // The notifications module reads appointments (reminders): its notice is handed in, not imported.
  await app.register(appointmentsModule, { onAnswerChanged: notifyAppointmentAnswerChanged });
  await app.register(leadsModule);
  await app.register(leadCaptureModule);
  await app.register(whatsappModule);
  await app.register(notificationsModule);
  await app.register(accountModule);
  await app.register(mfaModule);
  await app.register(emailModule);
  await app.register(jobsModule, { queue: jobQueue });
  await app.register(publicLinksModule);
  await app.register(arcoModule);
  // Read now: a trust store that cannot be used stops the start (ConfigError), not the first signer.
  await app.register(eSignatureModule, { efirma: config.efirma && loadEfirmaSettings(config.efirma) });

  await app.register(webAppPlugin, { distDir: config.webDistDir });
  return app;
}
