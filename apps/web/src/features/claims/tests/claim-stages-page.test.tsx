import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defaultClaimStageLabels } from '@portal/domain';
import { mockFetch } from '@/test/fetch-mock';
import { adminUser, storeSession } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { ClaimStagesPage } from '../pages/claim-stages-page';

const renamed = { ...defaultClaimStageLabels, extrajudicial: 'Cobranza', lawsuit: 'Demanda presentada' };

function renderPage(routes: Parameters<typeof mockFetch>[0] = {}) {
  storeSession(adminUser);
  const net = mockFetch({ 'GET /api/admin/claim-stages': { body: { labels: renamed } }, ...routes });
  renderRoute(<ClaimStagesPage />, { path: '/admin/claim-stages' });
  return net;
}

describe("'Etapas de incidencias'", () => {
  it('lists the eight stages in order with their names and defaults; «Restablecer» is off where the name is the default', async () => {
    renderPage();
    expect(await screen.findByLabelText('Etapa 3: Gestión extrajudicial')).toHaveValue('Cobranza');
    const fields = screen.getAllByRole('textbox');
    expect(fields.map((field) => (field as HTMLInputElement).value)).toEqual(['Reporte', 'Validación', 'Cobranza', 'Convenio de pago', 'Demanda presentada', 'Sentencia', 'Ejecución / Lanzamiento', 'Cerrada']);
    expect(screen.getByLabelText('Etapa 3: Gestión extrajudicial')).toHaveAccessibleDescription('Predeterminado: Gestión extrajudicial');
    expect(screen.getByRole('button', { name: 'Restablecer «Reporte»' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Restablecer «Gestión extrajudicial»' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Guardar' })).toBeDisabled();
  });

  it('restores a default, renames another and saves after the confirmation', async () => {
    const user = userEvent.setup({ delay: null });
    const saved = { ...renamed, extrajudicial: 'Gestión extrajudicial', judgment: 'Sentencia definitiva' };
    const net = renderPage({ 'PUT /api/admin/claim-stages': { body: { labels: saved } } });
    await user.click(await screen.findByRole('button', { name: 'Restablecer «Gestión extrajudicial»' }));
    expect(screen.getByLabelText('Etapa 3: Gestión extrajudicial')).toHaveValue('Gestión extrajudicial');
    const judgment = screen.getByLabelText('Etapa 6: Sentencia');
    await user.clear(judgment);
    await user.type(judgment, '  Sentencia definitiva ');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    const dialog = await screen.findByRole('alertdialog', { name: '¿Guardar los nombres de las etapas?' });
    expect(net.callsTo('PUT', '/api/admin/claim-stages')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(net.callsTo('PUT', '/api/admin/claim-stages')).toHaveLength(1));
    expect(net.callsTo('PUT', '/api/admin/claim-stages')[0]!.body).toEqual({ labels: saved });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Etapa 6: Sentencia')).toHaveValue('Sentencia definitiva');
  });

  it('refuses an empty name under its field, without asking', async () => {
    const user = userEvent.setup({ delay: null });
    const net = renderPage();
    const report = await screen.findByLabelText('Etapa 1: Reporte');
    await user.clear(report);
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(report).toHaveAccessibleDescription('El nombre de la etapa es obligatorio');
    expect(report).toHaveFocus();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(net.callsTo('PUT', '/api/admin/claim-stages')).toHaveLength(0);
  });

  it("shows the server's refusal under the stage it names", async () => {
    const user = userEvent.setup({ delay: null });
    renderPage({
      'PUT /api/admin/claim-stages': {
        status: 400,
        body: { statusCode: 400, error: 'Bad Request', code: 'validation_error', message: 'Datos inválidos', details: [{ field: 'labels.lawsuit', message: 'El campo Nombre de la etapa no es válido' }] },
      },
    });
    const lawsuit = await screen.findByLabelText('Etapa 5: Demanda');
    await user.type(lawsuit, ' civil');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(lawsuit).toHaveAccessibleDescription('El campo Nombre de la etapa no es válido'));
    expect(screen.getByRole('alert')).toHaveTextContent('Error al guardar las etapas. Datos inválidos');
  });

  it('shows a failure to load with Reintentar', async () => {
    renderPage({ 'GET /api/admin/claim-stages': { status: 500, body: { statusCode: 500, error: 'Internal Server Error', code: 'internal_error', message: 'Ocurrió un error interno. Intente nuevamente.' } } });
    expect(await screen.findByText('Error al cargar las etapas')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });
});
