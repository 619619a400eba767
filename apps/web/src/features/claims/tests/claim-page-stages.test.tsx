import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import type { ClaimDetail } from '@portal/domain';
import { agentUser } from '@/test/fixtures';
import { claimPath, fieldError, lawyerUser, makeClaim, renderClaimPage } from './claim-page-fixtures';

beforeEach(() => {
  vi.spyOn(toast, 'success');
  vi.spyOn(toast, 'error');
});

/** Case 42 closed as 'Inmueble recuperado' from Ejecución / Lanzamiento. */
function closedClaim(overrides: Partial<ClaimDetail> = {}): ClaimDetail {
  const open = makeClaim();
  return makeClaim({
    status: 'closed',
    stage: 'closed',
    stageLabel: 'Cerrada',
    result: 'property_recovered',
    closedAt: '2027-07-20T18:00:00.000Z',
    events: [
      ...open.events,
      { id: 3, fromStage: 'enforcement', toStage: 'closed', result: 'property_recovered', note: 'Lanzamiento ejecutado', actor: 'Lucía Abogada', ownerNotified: true, at: '2027-07-20T18:00:00.000Z' },
    ],
    ownerNextStep: 'El caso está cerrado.',
    version: 9,
    ...overrides,
  });
}

describe("an incidencia's 'Etapas'", () => {
  it('shows every change with who, when (Mexico City), why, and whether the owner was told', async () => {
    renderClaimPage(agentUser, { [claimPath]: { body: makeClaim() } }, 'etapas');
    const timeline = await screen.findByRole('list', { name: 'Historial de etapas' });
    const items = within(timeline).getAllByRole('listitem');
    // Newest first.
    expect(items[0]).toHaveTextContent('Reporte → Gestión extrajudicial');
    expect(items[0]).toHaveTextContent('Documentos completos');
    expect(items[0]).toHaveTextContent('Lucía Abogada · 2 mar 2027, 10:30');
    expect(within(items[0]!).getByText('Se avisó al propietario')).toBeInTheDocument();
    expect(items[1]).toHaveTextContent('Apertura en Reporte');
    expect(within(items[1]!).queryByText('Se avisó al propietario')).not.toBeInTheDocument();
    expect(screen.getByText('Estamos en contacto con el inquilino y los obligados solidarios para que cumplan.')).toBeInTheDocument();
  });

  it("gives the agent the owner's WhatsApp text: the stage and the next step, never the notes", async () => {
    renderClaimPage(agentUser, { [claimPath]: { body: makeClaim() } }, 'etapas');
    const link = await screen.findByRole('link', { name: 'Avisar al propietario por WhatsApp' });
    const href = new URL(link.getAttribute('href')!);
    expect(href.pathname).toBe('/525512345678');
    const text = href.searchParams.get('text')!;
    expect(text).toMatch(/^Hola, Roberto Sánchez\. Le escribimos de .+\. Su incidencia INC-\d{5} pasó a la etapa «.+»\. /);
    expect(text).toContain(makeClaim().ownerNextStep);
  });

  it('moves the case on with its note and tells the owner when asked', async () => {
    const user = userEvent.setup({ delay: null });
    const moved = makeClaim({ stage: 'agreement', stageLabel: 'Convenio de pago', version: 4 });
    const net = renderClaimPage(lawyerUser, { [claimPath]: { body: makeClaim() }, 'POST /api/claims/42/stage': { body: moved } }, 'etapas');
    await user.click(await screen.findByRole('button', { name: 'Cambiar etapa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cambiar etapa' });
    const options = within(within(dialog).getByLabelText('Nueva etapa')).getAllByRole('option').map((option) => option.textContent);
    // The current stage is not offered; the others carry their default names.
    expect(options).toEqual(['Seleccione la etapa', 'Reporte', 'Validación', 'Convenio de pago', 'Demanda', 'Sentencia', 'Ejecución / Lanzamiento', 'Cerrada']);
    await user.click(within(dialog).getByRole('button', { name: 'Cambiar etapa' }));
    expect(await within(dialog).findByText('El campo Etapa no es válido')).toBeInTheDocument();
    expect(net.callsTo('POST', '/api/claims/42/stage')).toHaveLength(0);

    await user.selectOptions(within(dialog).getByLabelText('Nueva etapa'), 'Convenio de pago');
    await user.type(within(dialog).getByLabelText('Nota'), 'Firmó convenio');
    await user.click(within(dialog).getByLabelText('Avisar al propietario'));
    await user.click(within(dialog).getByRole('button', { name: 'Cambiar etapa' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(net.callsTo('POST', '/api/claims/42/stage')[0]!.body).toEqual({ stage: 'agreement', note: 'Firmó convenio', notifyOwner: true });
    expect(toast.success).toHaveBeenCalledWith('Etapa cambiada', expect.objectContaining({ description: 'Se avisó al propietario.' }));
    expect(await screen.findAllByText('Convenio de pago')).not.toHaveLength(0);
  });

  it('asks for the result to close, confirms, and then shows the case read-only but for Reabrir', async () => {
    const user = userEvent.setup({ delay: null });
    const net = renderClaimPage(agentUser, { [claimPath]: { body: makeClaim({ stage: 'enforcement', stageLabel: 'Ejecución / Lanzamiento' }) }, 'POST /api/claims/42/stage': { body: closedClaim() } }, 'etapas');
    await user.click(await screen.findByRole('button', { name: 'Cambiar etapa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cambiar etapa' });
    await user.selectOptions(within(dialog).getByLabelText('Nueva etapa'), 'Cerrada');
    await user.click(within(dialog).getByRole('button', { name: 'Cambiar etapa' }));
    expect(await within(dialog).findByText('Para cerrar la incidencia elija el resultado')).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText('Resultado'), 'Inmueble recuperado');
    await user.type(within(dialog).getByLabelText('Nota'), 'Lanzamiento ejecutado');
    await user.click(within(dialog).getByRole('button', { name: 'Cambiar etapa' }));

    const confirm = await screen.findByRole('alertdialog', { name: '¿Cerrar la incidencia?' });
    expect(confirm).toHaveTextContent('Quedará cerrada como «Inmueble recuperado»');
    expect(net.callsTo('POST', '/api/claims/42/stage')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Cerrar incidencia' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(net.callsTo('POST', '/api/claims/42/stage')[0]!.body).toEqual({ stage: 'closed', note: 'Lanzamiento ejecutado', result: 'property_recovered', notifyOwner: false });

    expect(await screen.findByText(/La incidencia está cerrada: solo se consulta/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reabrir' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cambiar etapa' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Gestión extrajudicial' }));
    expect(screen.queryByRole('button', { name: 'Registrar gestión' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Resumen' }));
    expect(screen.queryByRole('button', { name: 'Editar datos' })).not.toBeInTheDocument();
  });

  it("reopens a closed case only with the reason the server asks for", async () => {
    const user = userEvent.setup({ delay: null });
    const reopened = makeClaim({ stage: 'extrajudicial', version: 10 });
    const net = renderClaimPage(agentUser, {
      [claimPath]: { body: closedClaim() },
      'POST /api/claims/42/stage': [fieldError('note', 'Para reabrir la incidencia escriba el motivo en la nota'), { body: reopened }],
    }, 'etapas');
    await user.click(await screen.findByRole('button', { name: 'Reabrir' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reabrir incidencia' });
    const options = within(within(dialog).getByLabelText('Reabrir en la etapa')).getAllByRole('option').map((option) => option.textContent);
    expect(options).not.toContain('Cerrada');
    await user.selectOptions(within(dialog).getByLabelText('Reabrir en la etapa'), 'Gestión extrajudicial');
    await user.click(within(dialog).getByRole('button', { name: 'Reabrir' }));
    expect(await within(dialog).findByText('Para reabrir la incidencia escriba el motivo en la nota')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Nota')).toHaveAttribute('aria-invalid', 'true');

    await user.type(within(dialog).getByLabelText('Nota'), 'El inquilino volvió a ocupar el inmueble');
    await user.click(within(dialog).getByRole('button', { name: 'Reabrir' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(net.callsTo('POST', '/api/claims/42/stage')[1]!.body).toEqual({ stage: 'extrajudicial', note: 'El inquilino volvió a ocupar el inmueble', notifyOwner: false });
    expect(toast.success).toHaveBeenCalledWith('Incidencia reabierta', expect.anything());
    expect(await screen.findByRole('button', { name: 'Cambiar etapa' })).toBeInTheDocument();
  });
});
