import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { jobLabels, publicLinkMessages, type JobName } from '@portal/domain';
import type { AppConfig } from './config';
import type { Database, Db } from './db/client';
import { AppError } from './lib/app-error';
import { postgresRateLimitStore } from './lib/postgres-rate-limit-store';
import { businessJobs } from './jobs/business-jobs';
import { createJobQueue, type JobQueue } from './jobs/job-queue';
import { authPlugin } from './plugins/auth';
import { compressionPlugin } from './plugins/compression';
import { errorsPlugin, sendFrameworkError } from './plugins/errors';
import { filesPlugin } from './plugins/files';
import { metricsPlugin } from './plugins/metrics';
import { openApiPlugin } from './plugins/openapi';
import { securityHeadersPlugin } from './plugins/security-headers';
import { zodValidatorCompiler } from './plugins/validation';
import { webAppPlugin } from './plugins/web-app';
import { accessLogRoutes } from './modules/access-log/index';
import { accountRoutes } from './modules/account/index';
import { accountMfaRoutes } from './modules/mfa/index';
import { addendumRoutes } from './modules/addendums/index';
import { arcoRoutes } from './modules/arco/index';
import { appointmentFeedRoutes, appointmentInvitationRoutes, appointmentRoutes } from './modules/appointments/index';
import { authRoutes, startUserCache, userForAccessToken } from './modules/auth/index';
import { branchRoutes } from './modules/branches/index';
import { contractPackHook, contractRoutes, contractTemplateRoutes } from './modules/contracts/index';
import { createMailTransport, emailAdminRoutes, takeQueuedEmailsFlag } from './modules/email/index';
import { signingHook, signingPublicRoutes, signingStaffRoutes } from './modules/e-signature/index';
import { healthRoutes } from './modules/health/index';
import { investigationRoutes, publicUploadRoutes } from './modules/investigations/index';
import { jobRoutes } from './modules/jobs/index';
import { leadRoutes } from './modules/leads/index';
import { leadCapturePublicRoutes, leadCaptureSettingsRoutes, whatsappWebhookRoutes } from './modules/lead-capture/index';
import { metricsRoutes } from './modules/metrics/index';
import { notificationRoutes, notifyAppointmentAnswerChanged, notifyJobFailed } from './modules/notifications/index';
import { policyRoutes, startSearchPages } from './modules/policies/index';
import { policyFileRoutes } from './modules/policy-file/index';
import { policyLifecycleRoutes } from './modules/policy-lifecycle/index';
import { retentionRoutes } from './modules/retention/index';
import { linkStaffRoutes, privacyAdminRoutes, publicLinkRoutes } from './modules/public-links/index';
import { userRoutes } from './modules/users/index';
import { whatsappRoutes } from './modules/whatsapp/index';
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

/** A calendar feed's URL is its credential (calendar apps send no header): its token is masked in logs. */
function maskSecretsInUrl(url: string): string {
  // A link's token is a credential (issues 17, 20): /p/{token}, /api/public/links/{token}/… and an
  // invitation's /cita/{token} are logged without it; so are a branch's web-form key and its WhatsApp webhook's token.
  return url
    .replace(/(\/api\/appo\/feed\/)[^/?#]+/, '$1[oculto]')
    .replace(/(\/p\/|\/api\/public\/links\/|\/cita\/|\/api\/public\/citas\/)[^/?#]+/, '$1[oculto]')
    .replace(/(\/api\/public\/(?:leads|whatsapp)\/)[^/?#]+/, '$1[oculto]');
}

/**
 * Builds the whole app on an open database; main.ts and the tests both use it. The caller owns
 * the database (opens it, migrates it, closes it after app.close()).
 */
export async function buildApp(config: AppConfig, deps: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: redactPaths, censor: '[oculto]' },
      serializers: {
        req: (request: FastifyRequest) => ({
          method: request.method,
          // By route too: the router decodes %-escapes, so /api/appo/%66eed/… is the feed as well.
          url: request.routeOptions?.url === '/api/appo/feed/:file' ? '/api/appo/feed/[oculto]' : maskSecretsInUrl(request.url),
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
  // Opt-in per route (`config.rateLimit`): the public link endpoints (issue 17) use it. Counted in
  // the database, so several instances share one limit (issue 19).
  await app.register(rateLimit, {
    global: false,
    store: postgresRateLimitStore(db),
    errorResponseBuilder: () => new AppError(429, publicLinkMessages.tooManyRequests),
  });
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
  const jobs = businessJobs({ db, files: app.files, mail, secretBox: deps.secretBox, whatsapp });
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

  await app.register(healthRoutes);
  await app.register(metricsRoutes, { poolUse: () => deps.database.poolUse() });
  await app.register(authRoutes, { jwtSecret: deps.jwtSecret, mfaRequiredFor: config.mfaRequiredFor });
  await app.register(userRoutes);
  await app.register(branchRoutes);
  await app.register(accessLogRoutes);
  await app.register(retentionRoutes);
  const contractPack = contractPackHook(app.files, (error, storedName) => app.log.error({ err: error, storedName }, 'could not remove a contract file'));
  const signing = signingHook(app.files, (error, storedName) => app.log.error({ err: error, storedName }, 'could not remove a signing file'));
  await app.register(policyRoutes, { searchPages, contractPack, signing });
  await app.register(policyLifecycleRoutes);
  await app.register(contractRoutes);
  await app.register(contractTemplateRoutes);
  await app.register(policyFileRoutes);
  await app.register(investigationRoutes);
  await app.register(addendumRoutes);
  await app.register(appointmentRoutes);
  await app.register(appointmentFeedRoutes);
  // The notifications module reads appointments (reminders): its notice is handed in, not imported.
  await app.register(appointmentInvitationRoutes, { onAnswerChanged: notifyAppointmentAnswerChanged });
  await app.register(leadRoutes);
  await app.register(leadCaptureSettingsRoutes);
  await app.register(leadCapturePublicRoutes);
  await app.register(whatsappWebhookRoutes);
  await app.register(whatsappRoutes);
  await app.register(notificationRoutes);
  await app.register(accountRoutes);
  await app.register(accountMfaRoutes);
  await app.register(emailAdminRoutes);
  await app.register(jobRoutes, { queue: jobQueue });
  await app.register(publicLinkRoutes);
  await app.register(linkStaffRoutes);
  await app.register(privacyAdminRoutes);
  await app.register(arcoRoutes);
  await app.register(signingPublicRoutes);
  await app.register(signingStaffRoutes);
  await app.register(publicUploadRoutes);

  await app.register(webAppPlugin, { distDir: config.webDistDir });
  return app;
}
