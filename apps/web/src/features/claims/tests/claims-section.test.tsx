import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import type { Policy, SessionUser } from '@portal/domain';
import { mockFetch } from '@/test/fetch-mock';
import { agentUser, makePolicy, storeSession } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { ClaimsSection } from '../components/case/claims-section';
import { approverUser, fieldError, makeClaim, makeSummary } from './claim-page-fixtures';

beforeEach(() => {
  vi.spyOn(toast, 'success');
  vi.spyOn(toast, 'error');
});

const listPath = 'GET /api/policy/5/claims';
const openPath = 'POST /api/policy/5/claims';

function renderSection(user: SessionUser, routes: Parameters<typeof mockFetch>[0], policy: Partial<Policy> = {}) {
  storeSession(user);
  const net = mockFetch(routes);
  const view = renderRoute(<ClaimsSection policy={makePolicy({ id: 5, status: 'active', ...policy })} />, { path: '/policies/:id', url: '/policies/5' });
  return { ...net, ...view };
}

const rows = [
  makeSummary({ nextDeadline: { id: 1, dueOn: '2027-03-08', description: 'Contestar prevención', missed: true } }),
  makeSummary({ id: 43, number: 'INC-00043', type: 'property_damage', status: 'draft', stage: 'report', stageLabel: 'Reporte', source: 'owner_link', amountClaimed: '0.00', assignee: null, daysOpen: 1 }),
];

describe("the expediente's 'Incidencias'", () => {
  it("lists the policy's cases: stage, amount, next deadline (a missed one red), the owner's reports to review highlighted", async () => {
    renderSection(agentUser, { [listPath]: { body: rows } });
    const items = within(await screen.findByRole('list', { name: 'Incidencias de la póliza' })).getAllByRole('listitem');
    expect(within(items[0]!).getByRole('link', { name: 'INC-00042' })).toHaveAttribute('href', '/claims/42');
    expect(items[0]).toHaveTextContent('Falta de pagoAbierta');
    expect(items[0]).toHaveTextContent('Gestión extrajudicial · abierta hace 9 días · Lucía Abogada');
    expect(items[0]).toHaveTextContent('$39,500.00');
    const due = within(items[0]!).getByText('Vencido');
    expect(due.parentElement).toHaveClass('text-red-700');
    expect(due.parentElement).toHaveTextContent('08 mar 2027Vencido· Contestar prevención');

    expect(within(items[1]!).getByText('Por revisar')).toBeInTheDocument();
    expect(items[1]).toHaveClass('bg-amber-50');
    expect(items[1]).toHaveTextContent('Daños al inmueble');
    expect(items[1]).toHaveTextContent('Sin términos pendientes');
    expect(items[0]).not.toHaveClass('bg-amber-50');
  });

  it("says when there are none, and offers 'Reintentar' when they could not be read", async () => {
    const user = userEvent.setup({ delay: null });
    renderSection(agentUser, { [listPath]: [{ status: 500, body: { statusCode: 500, error: 'Error', message: 'Falla' } }, { body: [] }] });
    expect(await screen.findByText('Error al cargar las incidencias')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Sin incidencias')).toBeInTheDocument();
  });

  it("opens a case (without an amount: the months in arrears) and goes to its page; a 400 shows beside its field", async () => {
    const user = userEvent.setup({ delay: null });
    const net = renderSection(agentUser, {
      [listPath]: { body: [] },
      [openPath]: [fieldError('amountClaimed', 'La póliza no tiene rentas vencidas: indique el monto reclamado'), { status: 201, body: makeClaim({ id: 44, number: 'INC-00044', stage: 'report' }) }],
    });
    await user.click(await screen.findByRole('button', { name: 'Abrir incidencia' }));
    const dialog = await screen.findByRole('dialog', { name: 'Abrir incidencia' });
    expect(within(dialog).getByLabelText('Monto reclamado')).toHaveAccessibleDescription('Sin monto: las rentas en mora de la póliza al abrir la incidencia.');
    const types = within(within(dialog).getByLabelText('Tipo')).getAllByRole('option').map((option) => option.textContent);
    expect(types).toEqual(['Seleccione el tipo', 'Falta de pago', 'Daños al inmueble', 'Uso distinto al pactado', 'Subarrendamiento', 'Abandono', 'No entrega del inmueble', 'Servicios impagos', 'Otro']);
    await user.click(within(dialog).getByRole('button', { name: 'Abrir incidencia' }));
    expect(await within(dialog).findByText('El campo Descripción es obligatorio')).toBeInTheDocument();
    expect(net.callsTo('POST', '/api/policy/5/claims')).toHaveLength(0);

    await user.selectOptions(within(dialog).getByLabelText('Tipo'), 'Falta de pago');
    await user.type(within(dialog).getByLabelText('Descripción'), 'No pagó marzo');
    await user.type(within(dialog).getByLabelText('Servicios reclamados'), '2,500');
    await user.click(within(dialog).getByRole('button', { name: 'Abrir incidencia' }));
    expect(await within(dialog).findByText('La póliza no tiene rentas vencidas: indique el monto reclamado')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Monto reclamado')).toHaveAttribute('aria-invalid', 'true');
    expect(net.callsTo('POST', '/api/policy/5/claims')[0]!.body).toEqual({ type: 'non_payment', description: 'No pagó marzo', servicesClaimed: '2500.00' });

    await user.type(within(dialog).getByLabelText('Monto reclamado'), '18500');
    await user.click(within(dialog).getByRole('button', { name: 'Abrir incidencia' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/claims/44');
    expect(net.callsTo('POST', '/api/policy/5/claims')[1]!.body).toEqual({ type: 'non_payment', description: 'No pagó marzo', amountClaimed: '18500.00', servicesClaimed: '2500.00' });
    expect(toast.success).toHaveBeenCalledWith('Incidencia abierta', expect.objectContaining({ description: 'INC-00044' }));
  });

  it("gives the owner's link once, explained, with the WhatsApp message to the owner's number", async () => {
    const user = userEvent.setup({ delay: null });
    const link = { url: 'https://portal.example.mx/p/tok-123', expiresAt: '2027-06-08T06:00:00.000Z', whatsappText: 'Hola Roberto, reporte aquí: https://portal.example.mx/p/tok-123' };
    const net = renderSection(agentUser, { [listPath]: { body: [] }, 'POST /api/policy/5/claims/owner-link': { status: 201, body: link } }, {
      property: { ...makePolicy().property, owner: { ...makePolicy().property.owner, mobile: '55 1234 5678' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Enlace del propietario' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enlace del propietario' });
    expect(dialog).toHaveTextContent('El enlace es personal');
    expect(dialog).toHaveTextContent('Vence a los 90 días');
    expect(net.callsTo('POST', '/api/policy/5/claims/owner-link')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Generar enlace' }));

    expect(await within(dialog).findByLabelText('Enlace para Roberto Sánchez')).toHaveValue(link.url);
    expect(within(dialog).getByText(/Se muestra solo ahora y vence el 08 jun 2027/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Copiar' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Mensaje de WhatsApp para el propietario')).toHaveValue(link.whatsappText);
    expect(within(dialog).getByRole('link', { name: 'Abrir WhatsApp' })).toHaveAttribute('href', `https://wa.me/525512345678?text=${encodeURIComponent(link.whatsappText)}`);

    // Shown once: closing and opening again asks for a new one.
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Enlace del propietario' }));
    expect(await screen.findByRole('button', { name: 'Generar enlace' })).toBeInTheDocument();
    expect(screen.queryByDisplayValue(link.url)).not.toBeInTheDocument();
  });

  it("says why the owner's link could not be made", async () => {
    const user = userEvent.setup({ delay: null });
    renderSection(agentUser, { [listPath]: { body: [] }, 'POST /api/policy/5/claims/owner-link': { status: 409, body: { statusCode: 409, error: 'Conflict', code: 'conflict', message: 'El propietario no tiene correo electrónico registrado' } } });
    await user.click(await screen.findByRole('button', { name: 'Enlace del propietario' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Generar enlace' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo generar el enlace: El propietario no tiene correo electrónico registrado');
  });

  it('shows the cases to a role that only reads, without buttons; a cancelled policy opens none', async () => {
    const view = renderSection(approverUser, { [listPath]: { body: rows } });
    expect(await screen.findByRole('list', { name: 'Incidencias de la póliza' })).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    view.unmount();

    renderSection(agentUser, { [listPath]: { body: rows } }, { status: 'cancelled' });
    expect(await screen.findByRole('list', { name: 'Incidencias de la póliza' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Abrir incidencia' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enlace del propietario' })).toBeInTheDocument();
  });
});
