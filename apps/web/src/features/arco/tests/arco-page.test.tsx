import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { arcoMessages, type ArcoCancelResult, type ArcoRecord } from '@portal/domain';
import { renderRoute } from '@/test/render';
import { mockFetch } from '@/test/fetch-mock';
import { adminUser, storeSession } from '@/test/fixtures';
import { ArcoPage } from '../pages/arco-page';

const none = { policyId: null, folio: null, policyStatus: null, leadId: null, leadCreatedAt: null, appointmentId: null, appointmentTitle: null, appointmentDate: null, retained: false, retentionReason: null, claims: [] };
const person = { name: 'Zoé Quintanar Ybarra', email: 'zoe@ejemplo.mx', phone: '81 1736 4925', branchId: 1, branchName: 'Sucursal Polanco' };
const tenant: ArcoRecord = { ...none, ...person, kind: 'tenant', id: 11, policyId: 5, folio: 'INV-01112026-1000-001', policyStatus: 'created', editPath: '/policies/5/edit' };
const activeTenant: ArcoRecord = {
  ...none,
  ...person,
  kind: 'tenant',
  id: 12,
  policyId: 6,
  folio: 'INV-01112026-1000-002',
  policyStatus: 'active',
  retained: true,
  retentionReason: arcoMessages.retainedInForce,
  editPath: '/policies/6/edit',
  claims: [{ id: 7, number: 'INC-00007', personalData: ['Descripción', '2 archivos de evidencia'] }],
};
const lead: ArcoRecord = { ...none, ...person, email: '', kind: 'lead', id: 3, leadId: 3, leadCreatedAt: '2026-11-20T17:05:00.000Z', editPath: '/leads' };
const attendee: ArcoRecord = { ...none, ...person, phone: '', kind: 'attendee', id: 8, appointmentId: 4, appointmentTitle: 'Firma de contrato', appointmentDate: '2026-12-03', editPath: '/appointments' };
const records = [tenant, activeTenant, lead, attendee];
const searchUrl = 'GET /api/admin/arco/search?q=Quintanar';

function renderPage(routes: Parameters<typeof mockFetch>[0]) {
  storeSession(adminUser);
  const net = mockFetch(routes);
  const view = renderRoute(<ArcoPage />, { path: '/admin/arco' });
  return { net, ...view };
}

async function searchFor(text = 'Quintanar') {
  const user = userEvent.setup({ delay: null });
  await user.type(screen.getByRole('searchbox', { name: 'Nombre, correo o teléfono' }), text);
  await user.click(screen.getByRole('button', { name: 'Buscar' }));
  return user;
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("'Solicitudes ARCO' (/admin/arco)", () => {
  it('lists the records grouped by kind, checked, with the retained badge and a Rectificar link each', async () => {
    renderPage({ [searchUrl]: { body: { records } } });
    expect(screen.getByRole('heading', { level: 1, name: 'Solicitudes ARCO' })).toBeInTheDocument();
    await searchFor();
    const tenants = await screen.findByRole('list', { name: 'Como inquilino' });
    expect(within(tenants).getAllByTestId('arco-record')).toHaveLength(2);
    expect(screen.getByRole('list', { name: 'Como prospecto' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Como asistente a una cita' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Como aval' })).not.toBeInTheDocument();
    expect(screen.getAllByText('Conservado por obligación legal')).toHaveLength(1);
    // The badge says it is kept; the line under it says why, without saying it twice.
    expect(screen.getByText('La póliza está vigente o en trámite de contrato')).toBeInTheDocument();
    expect(screen.queryByText(arcoMessages.retainedInForce)).not.toBeInTheDocument();
    // The cases of the policy, with the personal data each holds (issue 33).
    expect(screen.getByText('Incidencia INC-00007: Descripción, 2 archivos de evidencia')).toBeInTheDocument();
    expect(screen.getAllByRole('checkbox').every((box) => (box as HTMLInputElement).checked)).toBe(true);
    const rectify = screen.getAllByRole('link', { name: /^Rectificar/ });
    expect(rectify.map((link) => link.getAttribute('href'))).toEqual(['/policies/5/edit', '/policies/6/edit', '/leads', '/appointments']);
    expect(screen.getByText('4 registro(s) encontrado(s) · 4 seleccionado(s)')).toBeInTheDocument();
    // Where each record lives, in words: no internal number nor status code.
    expect(screen.getByText('Prospecto registrado el 20 nov 2026 · Sucursal Polanco')).toBeInTheDocument();
    expect(screen.getByText('Póliza INV-01112026-1000-002 · Activa · Sucursal Polanco')).toBeInTheDocument();
    expect(screen.getByText('Cita «Firma de contrato» del 03 dic 2026 · Sucursal Polanco')).toBeInTheDocument();
    expect(screen.queryByText(/#\d|\bactive\b|\btenant\b/)).not.toBeInTheDocument();
  });

  it("lists an asesor from the directory, kept while their commissions are fiscal records, with a link to their page", async () => {
    const broker: ArcoRecord = { ...none, ...person, kind: 'broker', id: 21, retained: true, retentionReason: arcoMessages.retainedBrokerFiscal('01/06/2029'), editPath: '/brokers/21' };
    renderPage({ [searchUrl]: { body: { records: [broker] } } });
    await searchFor();
    const group = await screen.findByRole('list', { name: 'Como asesor o inmobiliaria' });
    expect(within(group).getByText('Directorio de asesores · Sucursal Polanco')).toBeInTheDocument();
    expect(within(group).getByText('Sus comisiones son registros fiscales de la oficina y se guardan hasta el 01/06/2029 (CFF art. 30)')).toBeInTheDocument();
    expect(within(group).getByRole('link', { name: /^Rectificar/ })).toHaveAttribute('href', '/brokers/21');
  });

  it('says so when nobody is found', async () => {
    renderPage({ [searchUrl]: { body: { records: [] } } });
    await searchFor();
    expect(await screen.findByText('No se encontraron registros de esa persona.')).toBeInTheDocument();
  });

  it('shows the error state when the search fails', async () => {
    renderPage({ [searchUrl]: { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'Error interno del servidor' } } });
    await searchFor();
    expect(await screen.findByText('Error al buscar los registros')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Reintentar/ })).toBeInTheDocument();
  });

  it('asks for 3 characters without searching', async () => {
    const { net } = renderPage({});
    await searchFor('ab');
    expect(await screen.findByText(arcoMessages.queryTooShort)).toBeInTheDocument();
    expect(net.calls).toHaveLength(0);
  });

  it("'Exportar JSON' sends the checked records only and saves the file", async () => {
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:arco');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const { net } = renderPage({ [searchUrl]: { body: { records } }, 'POST /api/admin/arco/export': { body: { records: [] } } });
    const user = await searchFor();
    await user.click(await screen.findByRole('checkbox', { name: /^Prospecto/ }));
    await user.click(screen.getByRole('button', { name: 'Exportar JSON' }));
    await waitFor(() => expect(net.callsTo('POST', '/api/admin/arco/export')).toHaveLength(1));
    expect(net.callsTo('POST', '/api/admin/arco/export')[0]!.body).toEqual({
      format: 'json',
      records: [
        { kind: 'tenant', id: 11 },
        { kind: 'tenant', id: 12 },
        { kind: 'attendee', id: 8 },
      ],
    });
    await waitFor(() => expect(created).toHaveBeenCalled());
  });

  it("'Cancelar datos' states what is erased and kept, requires the reason, then sends it and searches again", async () => {
    const result: ArcoCancelResult = { requestId: 1, anonymised: [{ kind: 'tenant', id: 11 }, { kind: 'lead', id: 3 }, { kind: 'attendee', id: 8 }], kept: [{ kind: 'tenant', id: 12, reason: arcoMessages.retainedInForce }], documentsDeleted: 2, filesDeleted: 2, emailsDeleted: 1 };
    const { net } = renderPage({ [searchUrl]: { body: { records } }, 'POST /api/admin/arco/cancel': { body: result } });
    const user = await searchFor();
    await user.click(await screen.findByRole('button', { name: 'Cancelar datos' }));
    const dialog = await screen.findByRole('alertdialog', { name: '¿Cancelar los datos de esta persona?' });
    expect(dialog).toHaveTextContent('Se anonimizarán 3 registro(s) de forma irreversible');
    expect(dialog).toHaveTextContent('Inquilino en la póliza INV-01112026-1000-002');
    await user.type(within(dialog).getByRole('textbox', { name: 'Motivo de la cancelación' }), 'corto');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar datos' }));
    expect(await within(dialog).findByText(arcoMessages.reasonTooShort)).toBeInTheDocument();
    expect(net.callsTo('POST', '/api/admin/arco/cancel')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Motivo de la cancelación' }), ': solicitud escrita del titular');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar datos' }));
    await waitFor(() => expect(net.callsTo('POST', '/api/admin/arco/cancel')).toHaveLength(1));
    expect(net.callsTo('POST', '/api/admin/arco/cancel')[0]!.body).toEqual({ records: records.map(({ kind, id }) => ({ kind, id })), reason: 'corto: solicitud escrita del titular' });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => expect(net.callsTo('GET', searchUrl.slice(4))).toHaveLength(2));
  });
});
