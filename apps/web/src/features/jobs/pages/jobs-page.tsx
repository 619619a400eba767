import { jobLabels, type JobName } from '@portal/domain';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/dates';
import { notify } from '@/lib/toast';
import { usePageTitle } from '@/lib/use-page-title';
import { PageHeader } from '@/components/ui/page-header';
import { QueryState } from '@/components/ui/query-state';
import { EmptyState } from '@/components/ui/state-panels';
import { Table, TableBody, TableHead, Td, Th, Tr } from '@/components/ui/table';
import { useJobsOverview, useRunJobNow } from '../api';
import { JobCard } from '../components/job-card';
import { JobRunStateBadge } from '../components/job-run-state-badge';

/** /admin/jobs: the work the portal does by itself, what ran, what failed (issue 15). */
export function JobsPage() {
  usePageTitle('Tareas programadas');
  const overview = useJobsOverview();
  const runNow = useRunJobNow();

  const run = (name: JobName) =>
    runNow.mutate(name, {
      onSuccess: (answer) => notify.success(answer.message),
      onError: (error) => notify.error('No se pudo ejecutar la tarea', errorMessage(error)),
    });

  return (
    <div className="space-y-6">
      <PageHeader
        title="Tareas programadas"
        description="Lo que el portal hace por sí solo: vigencias, recordatorios, correos, retención de documentos y limpieza. Cada ejecución corre una sola vez, aunque haya varios servidores."
      />
      <QueryState query={overview} loading="Cargando tareas..." errorTitle="No se pudieron cargar las tareas">
        {(jobsOverview) => (
          <>
            {!jobsOverview.workerHere && (
              <p role="status" className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2.5 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950/60 dark:text-amber-200">
                Este servidor no ejecuta tareas (JOBS=off). Las ejecutan los servidores con JOBS=on; desde aquí solo se consultan.
              </p>
            )}
            <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="Tareas">
              {jobsOverview.jobs.map((job) => (
                <li key={job.name} className="flex [&>*]:flex-1">
                  <JobCard
                    job={job}
                    canRun={jobsOverview.workerHere}
                    running={runNow.isPending && runNow.variables === job.name}
                    onRun={() => run(job.name)}
                  />
                </li>
              ))}
            </ul>
            <section className="space-y-3" aria-labelledby="recent-runs">
              <h2 id="recent-runs" className="text-lg font-semibold text-slate-900 dark:text-slate-100">
                Ejecuciones recientes
              </h2>
              {jobsOverview.recentRuns.length === 0 ? (
                <EmptyState title="Aún no se ha ejecutado ninguna tarea" description="Las ejecuciones aparecerán aquí en cuanto un servidor con JOBS=on las realice." />
              ) : (
                <Table label="Ejecuciones recientes">
                  <TableHead>
                    <Tr>
                      <Th>Tarea</Th>
                      <Th>Estatus</Th>
                      <Th className="hidden md:table-cell">Creada</Th>
                      <Th>Terminada</Th>
                      <Th className="hidden md:table-cell">Intentos</Th>
                      <Th>Resultado</Th>
                    </Tr>
                  </TableHead>
                  <TableBody>
                    {jobsOverview.recentRuns.map((run) => (
                      <Tr key={run.id}>
                        <Td>{jobLabels[run.name].label}</Td>
                        <Td>
                          <JobRunStateBadge state={run.state} />
                        </Td>
                        <Td className="hidden whitespace-nowrap md:table-cell">{formatDateTime(run.createdAt)}</Td>
                        <Td className="whitespace-nowrap">{formatDateTime(run.completedAt)}</Td>
                        <Td className="hidden md:table-cell">{run.attempts}</Td>
                        <Td className="max-w-md break-words">{run.message}</Td>
                      </Tr>
                    ))}
                  </TableBody>
                </Table>
              )}
            </section>
          </>
        )}
      </QueryState>
    </div>
  );
}
