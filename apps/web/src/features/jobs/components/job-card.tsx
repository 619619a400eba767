import { Play } from 'lucide-react';
import type { JobSummary } from '@portal/domain';
import { formatDateTime } from '@/lib/dates';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader } from '@/components/ui/card';

interface JobCardProps {
  job: JobSummary;
  /** Whether 'Ejecutar ahora' can be asked of the server that answered. */
  canRun: boolean;
  running: boolean;
  onRun(): void;
}

/** One job: when it runs, its last success and last failure, and 'Ejecutar ahora'. */
export function JobCard({ job, canRun, running, onRun }: JobCardProps) {
  const failedSinceSuccess = job.lastFailed && (!job.lastCompleted || job.lastFailed.createdAt > job.lastCompleted.createdAt);
  return (
    <Card className="flex flex-col">
      <CardHeader>
        <h2 className="font-semibold text-slate-900 dark:text-slate-100">{job.label}</h2>
        <p className="text-sm text-slate-500 dark:text-slate-400">{job.schedule}</p>
      </CardHeader>
      <CardContent className="flex-1 space-y-3 text-sm">
        <div>
          <p className="font-medium text-slate-700 dark:text-slate-300">Última ejecución correcta</p>
          {job.lastCompleted ? (
            <p className="text-slate-600 dark:text-slate-400">
              <time dateTime={job.lastCompleted.completedAt ?? job.lastCompleted.createdAt}>
                {formatDateTime(job.lastCompleted.completedAt ?? job.lastCompleted.createdAt)}
              </time>
              {job.lastCompleted.message ? ` · ${job.lastCompleted.message}` : ''}
            </p>
          ) : (
            <p className="text-slate-500 dark:text-slate-400">Aún no se ha ejecutado.</p>
          )}
        </div>
        {job.lastFailed && (
          <div className={failedSinceSuccess ? 'text-red-700 dark:text-red-300' : 'text-slate-500 dark:text-slate-400'}>
            <p className="font-medium">{failedSinceSuccess ? 'Falló la última vez' : 'Última falla'}</p>
            <p className="break-words">
              <time dateTime={job.lastFailed.createdAt}>{formatDateTime(job.lastFailed.createdAt)}</time>
              {` · ${job.lastFailed.attempts} ${job.lastFailed.attempts === 1 ? 'intento' : 'intentos'}`}
              {job.lastFailed.message ? ` · ${job.lastFailed.message}` : ''}
            </p>
          </div>
        )}
        {job.pending > 0 && <p className="text-slate-600 dark:text-slate-400">{job.pending === 1 ? '1 ejecución pendiente' : `${job.pending} ejecuciones pendientes`}</p>}
      </CardContent>
      <CardFooter>
        <Button variant="secondary" size="sm" onClick={onRun} disabled={!canRun || running} aria-label={`Ejecutar ahora: ${job.label}`}>
          <Play aria-hidden="true" />
          {running ? 'Enviando…' : 'Ejecutar ahora'}
        </Button>
      </CardFooter>
    </Card>
  );
}
