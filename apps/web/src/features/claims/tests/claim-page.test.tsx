import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { agentUser } from '@/test/fixtures';
import { approverUser, claimPath, fieldError, makeClaim, renderClaimPage } from './claim-page-fixtures';

beforeEach(() => {
  vi.spyOn(toast, 'success');
  vi.spyOn(toast, 'error');
});

describe("an incidencia's page", () => {
  it('shows the case at a glance: its policy, stage, people, months claimed and what its file lacks', async () => {
    renderClaimPage(agentUser, { [claimPath]: { body: makeClaim() } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Incidencia INC-00042' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'POL-77' })).toHaveAttribute('href', '/policies/5#incidencias');
    expect(screen.getByText(/Falta de pago · Póliza/)).toBeInTheDocument();
    expect(screen.getByText('Abierta')).toBeInTheDocument();
    expect(screen.getByText('Responsable').nextSibling).toHaveTextContent('Lucía Abogada');
    expect(screen.getByText('Días abierta').nextSibling).toHaveTextContent('9 días');
    expect(screen.getByText('Rentas').nextSibling).toHaveTextContent('$37,000.00');
    expect(screen.getByText('Servicios').nextSibling).toHaveTextContent('$2,500.00');
    expect(screen.getByText('Total').nextSibling).toHaveTextContent('$39,500.00');

    const months = screen.getByRole('list', { name: 'Meses en mora' });
    expect(within(months).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['febrero 2027$18,500.00', 'marzo 2027$18,500.00']);
    const people = screen.getByRole('list', { name: 'Personas de la incidencia' });
    expect(within(people).getByText('· Obligado solidario')).toBeInTheDocument();
    expect(within(people).getByRole('link', { name: 'maria@example.mx' })).toHaveAttribute('href', 'mailto:maria@example.mx');
    expect(within(people).getByRole('link', { name: '55 8765 4321' })).toHaveAttribute('href', 'tel:+525587654321');
    const checklist = screen.getByRole('list', { name: 'Documentos del caso' });
    expect(within(checklist).getByText('Evidencias').nextSibling).toHaveTextContent('Falta');
    expect(within(checklist).getByText('Pagarés').nextSibling).toHaveTextContent('Completo');
  });

  it('moves between its sections with the tabs (arrows too) and keeps the one chosen in the address', async () => {
    const user = userEvent.setup({ delay: null });
    const view = renderClaimPage(agentUser, { [claimPath]: { body: makeClaim() } });
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Resumen', 'Etapas', 'Gestión extrajudicial', 'Convenio de pago', 'Demanda', 'Documentos', 'Costos y recuperación']);
    await user.click(screen.getByRole('tab', { name: 'Demanda' }));
    expect(screen.getByRole('tabpanel', { name: 'Demanda' })).toBeInTheDocument();
    expect(view.router.state.location.search).toBe('?seccion=demanda');
    screen.getByRole('tab', { name: 'Demanda' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Documentos' })).toHaveAttribute('aria-selected', 'true');
    // A phone has the same sections in a select.
    await user.selectOptions(screen.getByLabelText('Sección'), 'Etapas');
    expect(screen.getByRole('tabpanel', { name: 'Etapas' })).toBeInTheDocument();
  });

  it("edits the amounts and the assignee with the version read, and a 412 offers 'Recargar'", async () => {
    const user = userEvent.setup({ delay: null });
    const stale = { status: 412, body: { statusCode: 412, error: 'Precondition Failed', code: 'stale_version', message: 'Lucía Abogada guardó la incidencia a las 10:30: recargue para ver sus cambios' } };
    const saved = makeClaim({ damagesClaimed: '1200.00', amountClaimed: '40700.00', assignee: { id: 12, name: 'Pedro Gestor' }, version: 5 });
    const net = renderClaimPage(agentUser, {
      [claimPath]: [{ body: makeClaim() }, { body: makeClaim({ description: 'Descripción de otra persona', version: 4 }) }],
      'GET /api/policy/agents?branchId=1': { body: [{ id: 9, name: 'Lucía Abogada' }, { id: 12, name: 'Pedro Gestor' }] },
      'PATCH /api/claims/42': [stale, { body: saved }],
    });
    await user.click(await screen.findByRole('button', { name: 'Editar datos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar datos de la incidencia' });
    expect(within(dialog).getByLabelText('Rentas reclamadas')).toHaveValue('37000.00');
    await within(dialog).findByRole('option', { name: 'Pedro Gestor' });
    await user.selectOptions(within(dialog).getByLabelText('Responsable'), 'Pedro Gestor');
    await user.clear(within(dialog).getByLabelText('Daños reclamados'));
    await user.type(within(dialog).getByLabelText('Daños reclamados'), '1,200');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));

    expect(await within(dialog).findByText(/recargue para ver sus cambios/)).toBeInTheDocument();
    const [first] = net.callsTo('PATCH', '/api/claims/42');
    expect(first!.ifMatch).toBe('"v3"');
    expect(first!.body).toEqual({ description: 'El inquilino no pagó febrero ni marzo.', rentClaimed: '37000.00', servicesClaimed: '2500.00', damagesClaimed: '1200.00', assigneeId: 12 });

    await user.click(within(dialog).getByRole('button', { name: 'Recargar' }));
    expect(await within(dialog).findByDisplayValue('Descripción de otra persona')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Daños reclamados')).toHaveValue('0.00');
    await user.clear(within(dialog).getByLabelText('Daños reclamados'));
    await user.type(within(dialog).getByLabelText('Daños reclamados'), '1200');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(net.callsTo('PATCH', '/api/claims/42')[1]!.ifMatch).toBe('"v4"');
    await vi.waitFor(() => expect(screen.getByText('Responsable').nextSibling).toHaveTextContent('Pedro Gestor'));
    expect(screen.getByText('Daños').nextSibling).toHaveTextContent('$1,200.00');
  });

  it('shows a 400 beside the field it names, and refuses a bad amount before sending', async () => {
    const user = userEvent.setup({ delay: null });
    const net = renderClaimPage(agentUser, {
      [claimPath]: { body: makeClaim() },
      'GET /api/policy/agents?branchId=1': { body: [] },
      'PATCH /api/claims/42': fieldError('assigneeId', 'El responsable debe ser un usuario activo de la sucursal de la póliza'),
    });
    await user.click(await screen.findByRole('button', { name: 'Editar datos' }));
    const dialog = await screen.findByRole('dialog');
    await user.clear(within(dialog).getByLabelText('Servicios reclamados'));
    await user.type(within(dialog).getByLabelText('Servicios reclamados'), '-3');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText(/El campo Servicios reclamados debe ser un importe de cero o más/)).toBeInTheDocument();
    expect(net.callsTo('PATCH', '/api/claims/42')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Servicios reclamados'));
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('El responsable debe ser un usuario activo de la sucursal de la póliza')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Responsable')).toHaveAttribute('aria-invalid', 'true');
  });

  it('lets a role that only reads see the case without a button to change it', async () => {
    renderClaimPage(approverUser, { [claimPath]: { body: makeClaim() } }, 'etapas');
    expect(await screen.findByRole('list', { name: 'Historial de etapas' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cambiar etapa' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Editar datos' })).not.toBeInTheDocument();
  });

  it("says when the case does not exist (or is another branch's), and offers 'Reintentar' when it failed", async () => {
    const user = userEvent.setup({ delay: null });
    const view = renderClaimPage(agentUser, { [claimPath]: { status: 404, body: { statusCode: 404, error: 'Not Found', code: 'not_found', message: 'Incidencia no encontrada' } } });
    expect(await screen.findByRole('heading', { name: 'Incidencia no encontrada' })).toBeInTheDocument();
    view.unmount();

    renderClaimPage(agentUser, { [claimPath]: [{ status: 500, body: { statusCode: 500, error: 'Error', message: 'Falla del servidor' } }, { body: makeClaim() }] });
    expect(await screen.findByText('Error al cargar la incidencia')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Incidencia INC-00042' })).toBeInTheDocument();
  });
});
