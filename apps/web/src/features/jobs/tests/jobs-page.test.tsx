import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jobLabels, jobNames, type JobRun, type JobsOverview } from '@portal/domain';
import { renderRoute } from '@/test/render';
import { mockFetch } from '@/test/fetch-mock';
import { storeSession } from '@/test/fixtures';
import { notify } from '@/lib/toast';
import { JobsPage } from '../pages/jobs-page';

const run = (overrides: Partial<JobRun>): JobRun => ({
  id: 'a1',
  name: 'policy-lifecycle',
  state: 'completed',
  attempts: 1,
  createdAt: '2026-11-24T06:05:00.000Z',
  startedAt: '2026-11-24T06:05:01.000Z',
  completedAt: '2026-11-24T06:05:02.000Z',
  message: '',
  ...overrides,
});

function overview(overrides: Partial<JobsOverview> = {}): JobsOverview {
  return {
    workerHere: true,
    jobs: jobNames.map((name) => ({ name, ...jobLabels[name], lastCompleted: null, lastFailed: null, pending: 0 })),
    recentRuns: [],
    ...overrides,
  };
}

function renderJobs(routes: Parameters<typeof mockFetch>[0]) {
  storeSession();
  const net = mockFetch(routes);
  renderRoute(<JobsPage />, { path: '/admin/jobs' });
  return net;
}

describe('scheduled jobs (/admin/jobs)', () => {
  it('shows each job with its schedule, its last success and a failure since then', async () => {
    const sweepDone = run({ id: 's1', name: 'files-sweep', message: '12 archivos revisados, 0 sin uso eliminados (0.0 MB).' });
    const mailFailed = run({ id: 'm1', name: 'email-delivery', state: 'failed', attempts: 4, message: 'connect ECONNREFUSED 127.0.0.1:25' });
    const body = overview({ recentRuns: [mailFailed, sweepDone] });
    body.jobs = body.jobs.map((job) =>
      job.name === 'files-sweep' ? { ...job, lastCompleted: sweepDone } : job.name === 'email-delivery' ? { ...job, lastFailed: mailFailed, pending: 2 } : job,
    );
    renderJobs({ 'GET /api/admin/jobs': { body } });

    const sweep = await screen.findByRole('heading', { name: 'Limpieza de archivos sin uso' });
    const sweepCard = sweep.closest('li')!;
    expect(within(sweepCard).getByText('Diario a las 03:30 (hora de la Ciudad de México)')).toBeInTheDocument();
    expect(within(sweepCard).getByText(/12 archivos revisados/)).toBeInTheDocument();

    const mailCard = screen.getByRole('heading', { name: 'Envío de correos' }).closest('li')!;
    expect(within(mailCard).getByText('Falló la última vez')).toBeInTheDocument();
    expect(within(mailCard).getByText(/4 intentos · connect ECONNREFUSED/)).toBeInTheDocument();
    expect(within(mailCard).getByText('2 ejecuciones pendientes')).toBeInTheDocument();
    expect(within(mailCard).getByText('Aún no se ha ejecutado.')).toBeInTheDocument();

    const table = screen.getByRole('table', { name: 'Ejecuciones recientes' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('Fallida')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Completada')).toBeInTheDocument();
  });

  it("queues a run with 'Ejecutar ahora' and says so", async () => {
    const net = renderJobs({
      'GET /api/admin/jobs': { body: overview() },
      'POST /api/admin/jobs/policy-lifecycle/run': { status: 202, body: { id: 'x', message: 'Tarea en cola: se ejecutará en unos segundos.' } },
    });
    vi.spyOn(notify, 'success');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Ejecutar ahora: Vigencias y avisos de vencimiento' }));
    await waitFor(() => expect(net.callsTo('POST', '/api/admin/jobs/policy-lifecycle/run')).toHaveLength(1));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Tarea en cola: se ejecutará en unos segundos.'));
  });

  it('on a server that does not run jobs, says so and offers no button that would fail', async () => {
    renderJobs({ 'GET /api/admin/jobs': { body: overview({ workerHere: false }) } });
    expect(await screen.findByText(/Este servidor no ejecuta tareas \(JOBS=off\)/)).toBeInTheDocument();
    for (const button of screen.getAllByRole('button', { name: /^Ejecutar ahora/ })) expect(button).toBeDisabled();
  });

  it('says when nothing has run yet', async () => {
    renderJobs({ 'GET /api/admin/jobs': { body: overview() } });
    expect(await screen.findByText('Aún no se ha ejecutado ninguna tarea')).toBeInTheDocument();
  });

  it('shows the error with a retry when the overview cannot be loaded', async () => {
    renderJobs({
      'GET /api/admin/jobs': [
        { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'Falló la consulta' } },
        { body: overview() },
      ],
    });
    expect(await screen.findByText('No se pudieron cargar las tareas')).toBeInTheDocument();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: /Reintentar/ }));
    expect(await screen.findByRole('heading', { name: 'Envío de correos' })).toBeInTheDocument();
  });
});
