import { jobLabels, jobMessages, jobNames, type JobName, type JobsOverview } from '@portal/domain';
import type { Db } from '../../db/client';
import * as repo from './repository';

/** Runs shown per job in the recent list. */
const RUNS_PER_JOB = 5;

/** What the page says of a job: its label and when it runs, which for the e-mails depends on SMTP_URL. */
function describeJob(name: JobName, smtpConfigured: boolean) {
  if (name === 'email-delivery' && !smtpConfigured) return { ...jobLabels[name], schedule: jobMessages.emailDeliveryWithoutSmtp };
  return jobLabels[name];
}

/** The admin's view of the jobs: each one's last success and failure, what is pending, the latest runs. */
export async function jobsOverview(db: Db, workerHere: boolean, smtpConfigured: boolean): Promise<JobsOverview> {
  const empty = { workerHere, jobs: jobNames.map((name) => ({ name, ...describeJob(name, smtpConfigured), lastCompleted: null, lastFailed: null, pending: 0 })), recentRuns: [] };
  if (!(await repo.jobTablesExist(db))) return empty;
  const [completed, failed, pending, recentRuns] = await Promise.all([
    repo.lastRunsIn(db, jobNames, 'completed'),
    repo.lastRunsIn(db, jobNames, 'failed'),
    repo.pendingCounts(db, jobNames),
    repo.recentRuns(db, jobNames, RUNS_PER_JOB),
  ]);
  return {
    workerHere,
    jobs: jobNames.map((name) => ({
      name,
      ...describeJob(name, smtpConfigured),
      lastCompleted: completed.get(name) ?? null,
      lastFailed: failed.get(name) ?? null,
      pending: pending.get(name) ?? 0,
    })),
    recentRuns,
  };
}

/** For /metrics: runs by queue and state, none before any instance has started the queue. */
export async function queueDepths(db: Db): Promise<Array<{ name: string; state: string; count: number }>> {
  if (!(await repo.jobTablesExist(db))) return [];
  return repo.countsByState(db);
}
