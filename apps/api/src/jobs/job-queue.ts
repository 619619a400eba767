import crypto from 'node:crypto';
import type PgBoss from 'pg-boss';
import { businessDate, businessTimeZone } from '@portal/domain';
import type { JobConnection } from '../db/client';

/** The schema pg-boss keeps its tables in (created and migrated by pg-boss itself; modules/jobs reads it). */
const JOB_SCHEMA = 'pgboss';

/** A piece of business work the queue runs: on its schedule, when an admin asks, and retried when it fails. */
export interface JobDefinition {
  /** The queue's name: stable, it names the job rows in the database. */
  name: string;
  /** Five-field cron in Mexico City time (pg-boss sends it once a minute across instances). */
  cron?: string;
  /** Also queued when an instance starts, once per Mexico City day whatever the instances: for a run missed while none was up. */
  catchUpAtStart?: boolean;
  /** Attempts after the first; each waits twice as long as the last (pg-boss's backoff). */
  retryLimit: number;
  retryDelaySeconds: number;
  /** A run taking longer is considered dead and retried. */
  expireInMinutes: number;
  /** The work; what it returns is kept as the run's output (a short summary an admin reads). */
  run(now: Date): Promise<Record<string, unknown> | void>;
}

export interface JobQueueOptions {
  /** false: this instance neither works jobs nor schedules them (JOBS=off). */
  enabled: boolean;
  log: { info(object: object, message: string): void; error(object: object, message: string): void };
  /** Called once a job has failed its last attempt (the admins are told). */
  onFinalFailure(name: string, error: unknown): Promise<void>;
  /** Runs the queue's set-up while no other instance runs its own (Database.withStartupLock). */
  serializeStartup<T>(work: () => Promise<T>): Promise<T>;
  /** How often an idle worker asks for work; pg-boss's default is 2 s. */
  pollingIntervalSeconds?: number;
}

export interface JobQueue {
  readonly enabled: boolean;
  readonly definitions: readonly JobDefinition[];
  /** Creates or migrates pg-boss's schema, the queues and schedules, and starts the workers. */
  start(): Promise<void>;
  /** Queues a run of `name` now; resolves to the job's id. */
  runNow(name: string): Promise<string>;
  /** Lets a running job finish (up to a timeout) and stops polling. */
  stop(): Promise<void>;
}

const STOP_TIMEOUT_MS = 8_000;

export function createJobQueue(connection: JobConnection, definitions: readonly JobDefinition[], options: JobQueueOptions): JobQueue {
  let boss: PgBoss | undefined;
  let starting: Promise<PgBoss> | undefined;

  const start = async (): Promise<PgBoss> => {
    // Read when the queue starts, after the server listens, not before it (issue 30: start-up).
    const { default: Boss } = await import('pg-boss');
    const instance = new Boss({ ...bossConnection(connection), schema: JOB_SCHEMA, application_name: 'portal-jobs' });
    // An error event without a listener would crash the process; pg-boss retries on its own.
    instance.on('error', (error) => options.log.error({ err: error }, 'job queue error'));
    try {
      // Two instances creating the same queue at once deadlock in pg-boss's create_queue (it
      // attaches a partition): the set-up is start-up work, one instance at a time.
      await options.serializeStartup(async () => {
        await instance.start();
        for (const definition of definitions) await prepareQueue(instance, definition, options);
      });
    } catch (error) {
      await instance.stop({ graceful: false, wait: false }).catch(() => {});
      throw error;
    }
    boss = instance;
    return instance;
  };

  /** The one start of the queue, shared by whoever asks first. A failed start may be tried again (main.ts does, every 30 s). */
  const started = (): Promise<PgBoss> =>
    (starting ??= start().catch((error: unknown) => {
      starting = undefined;
      throw error;
    }));

  return {
    enabled: options.enabled,
    definitions,
    async start() {
      if (!options.enabled) return;
      await started();
    },
    async runNow(name) {
      const definition = definitions.find((candidate) => candidate.name === name);
      if (!definition || !options.enabled) throw new Error(`job ${name} cannot run here`);
      // The queue starts after the server listens (issue 30): a run asked for in that moment
      // waits for it instead of failing.
      const instance = boss ?? (await started());
      const id = await instance.send(name, {});
      if (!id) throw new Error(`job ${name} was not queued`);
      return id;
    },
    async stop() {
      if (!starting) return;
      const instance = await starting.catch(() => undefined);
      await instance?.stop({ graceful: true, wait: true, timeout: STOP_TIMEOUT_MS });
      boss = undefined;
      starting = undefined;
    },
  };
}

function bossConnection(connection: JobConnection): PgBoss.ConstructorOptions {
  if ('connectionString' in connection) return { connectionString: connection.connectionString, max: 3 };
  const { executeSql } = connection;
  return { db: { executeSql: (text, values) => executeSql(text, values) } };
}

async function prepareQueue(boss: PgBoss, definition: JobDefinition, options: JobQueueOptions) {
  const settings = {
    name: definition.name,
    retryLimit: definition.retryLimit,
    retryDelay: definition.retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: definition.expireInMinutes * 60,
  };
  // createQueue leaves an existing queue as it is; updateQueue brings its settings up to date.
  await boss.createQueue(definition.name, settings);
  await boss.updateQueue(definition.name, settings);
  if (definition.cron) await boss.schedule(definition.name, definition.cron, {}, { tz: businessTimeZone });
  else await boss.unschedule(definition.name);

  const workOptions = { includeMetadata: true as const, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 };
  await boss.work(definition.name, workOptions, async ([job]) => {
    if (!job) return undefined;
    const startedAt = Date.now();
    try {
      const output = await definition.run(new Date());
      options.log.info({ job: definition.name, ms: Date.now() - startedAt, output }, 'job done');
      return output ?? {};
    } catch (error) {
      options.log.error({ err: error, job: definition.name, attempt: job.retryCount + 1 }, 'job failed');
      // The admins hear of it once, when no attempt is left; a failure to tell them must not hide the job's own.
      if (job.retryCount >= job.retryLimit) await options.onFinalFailure(definition.name, error).catch(() => {});
      throw error;
    }
  });

  if (definition.catchUpAtStart) {
    // The same id for every instance starting on the same Mexico City day: pg-boss inserts it once.
    const day = businessDate(new Date());
    await boss.send(definition.name, { catchUp: day }, { id: dailyJobId(definition.name, day) });
  }
}

/** A UUID derived from the job and the day (the job table's key is a UUID). */
export function dailyJobId(name: string, day: string): string {
  const hex = crypto.createHash('sha256').update(`${name}:${day}`).digest('hex');
  // Version 5-like layout: the version nibble and the RFC 4122 variant bits.
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
