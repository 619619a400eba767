import type { JobName } from '@portal/domain';
import type { Db } from '../db/client';
import type { FileStore } from '../lib/file-store';
import { sweepUnreferencedFiles } from '../modules/files/index';
import type { JobDefinition } from './job-queue';

const DAY_MS = 24 * 60 * 60 * 1000;

interface BusinessJob extends JobDefinition {
  name: JobName;
}

/**
 * The business's scheduled work (issue 15), each a call into the module that owns it. Crons are
 * in Mexico City time; every job is safe to run twice (a retry, a catch-up at start, an admin's
 * 'Ejecutar ahora'), so "at least once" from the queue is "once" in effect.
 */
export function businessJobs({ db, files }: { db: Db; files: FileStore }): BusinessJob[] {
  return [
    {
      name: 'files-sweep',
      cron: '30 3 * * *',
      retryLimit: 3,
      retryDelaySeconds: 300,
      expireInMinutes: 60,
      async run(now) {
        const result = await sweepUnreferencedFiles(db, files, { olderThanMs: DAY_MS, dryRun: false, now: now.getTime() });
        const megabytes = (result.bytes / (1024 * 1024)).toFixed(1);
        return { summary: `${result.scanned} archivos revisados, ${result.unreferenced.length} sin uso eliminados (${megabytes} MB).` };
      },
    },
  ];
}
