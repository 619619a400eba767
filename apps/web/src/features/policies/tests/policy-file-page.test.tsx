import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Addendum, Appointment, InvestigationDocument, Policy, PolicyEvent, PolicyFile } from '@portal/domain';
import { renderRoute } from '@/test/render';
import { mockFetch } from '@/test/fetch-mock';
import { agentUser, makePolicy as makePlusPolicy, storeSession } from '@/test/fixtures';
import { PolicyFilePage } from '../pages/policy-file-page';

/** A Básica policy waiting for its contracts' signature. */
function makePolicy(overrides: Partial<Policy> = {}): Policy {
  const plus = makePlusPolicy();
  return makePlusPolicy({
    status: 'signature',
    policyType: 'basica',
    guarantorRequired: false,
    isElectronicSignature: false,
    specialnote: '',
    guarantors: [],
    guarantorNames: '',
    property: { ...plus.property, rent: { ...plus.property.rent, bankDeposit: false, bank: '', clabe: '', accountHolder: '' } },
    ...overrides,
  });
}

const addendum: Addendum = {
  id: 3,
  policyId: 5,
  policyNumber: 'POL-77',
  clientName: 'María López',
  description: 'Incremento de renta',
  amount: 1200,
  startDate: '2026-12-01',
  endDate: '2027-11-30',
  status: 'pending',
  branchId: 1,
  files: [],
  createdBy: 7,
  createdAt: '2026-03-02T10:00:00.000Z',
  updatedAt: '2026-03-02T10:00:00.000Z',
  version: 1,
};

const appointment: Appointment = {
  id: 8,
  title: 'Firma de contrato',
  description: '',
  date: '2026-12-03',
  startTime: '10:00',
  endTime: '11:00',
  location: 'Sala de firmas',
  type: 'signature',
  attendees: [
    { id: 1, externalId: '', name: 'Lucía Hernández', email: 'lucia@example.mx', role: 'tenant', confirmed: true, response: 'yes' },
    { id: 2, externalId: '', name: 'Roberto Sánchez', email: 'roberto@example.mx', role: 'owner', confirmed: false, response: null },
  ],
  status: 'pending',
  branchId: 1,
  userId: 7,
  googleMeetUrl: null,
  createdAt: '2026-03-02T10:00:00.000Z',
  updatedAt: '2026-03-02T10:00:00.000Z',
  version: 1,
  policyId: 5,
};

const file: PolicyFile = {
  policyId: 5,
  branch: { id: 1, name: 'Sucursal Polanco' },
  agent: { id: 7, name: 'Laura Méndez' },
  checklist: [
    { slot: 'tenantId', label: 'Identificación del inquilino', hint: null, expected: 1, present: 1 },
    { slot: 'incomeProof', label: 'Comprobantes de ingresos', hint: 'Últimos 3 recibos de nómina o estados de cuenta', expected: 3, present: 1 },
    { slot: 'employmentLetter', label: 'Carta Laboral', hint: null, expected: 1, present: 0 },
  ],
  addendums: [addendum],
  appointments: [appointment],
  claimDocuments: [],
};

const storedDocument: InvestigationDocument = {
  id: 40,
  originalFilename: 'ine_maria.pdf',
  documentType: 'tenantId',
  identificationType: 'ine',
  mimeType: 'application/pdf',
  size: 2048,
  sha256: 'a'.repeat(64),
  uploadedAt: '2026-03-01T11:00:00',
  uploadedByName: 'Laura Méndez',
  uploadedVia: 'staff',
  uploadedViaLinkName: null,
  respuesta: 'Vigente y legible',
  respondedAt: '2026-03-01T12:00:00',
  respondedByName: 'Pablo Torres',
};

const events: PolicyEvent[] = [
  { id: 1, policyId: 5, userId: 7, userName: 'Pablo Torres', fromStatus: null, toStatus: 'created', changes: [], note: 'Póliza creada', createdAt: '2026-03-01T09:05:00' },
];

function renderFile(routes: Parameters<typeof mockFetch>[0] = {}, url = '/policies/5') {
  storeSession(agentUser);
  const net = mockFetch({
    'GET /api/policy/unique/5': { body: makePolicy() },
    'GET /api/policy/5/file': { body: file },
    'GET /api/policy/5/events': { body: events },
    'GET /api/files/documentswithresponses/INV-01122026-1030-042': { body: [storedDocument] },
    ...routes,
  });
  renderRoute(<PolicyFilePage />, { path: '/policies/:id', url });
  return net;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the expediente (/policies/:id)', () => {
  it('shows the header, the summary as a person reads it, the checklist, addendums, appointments and history', async () => {
    renderFile();
    expect(screen.getByRole('status')).toHaveTextContent('Cargando expediente...');
    expect(await screen.findByRole('heading', { level: 1, name: /INV-01122026-1030-042/ })).toBeInTheDocument();
    expect(screen.getByText('Pendiente de firma')).toBeInTheDocument();
    expect(await screen.findByText('Sucursal Polanco')).toBeInTheDocument();
    expect(screen.getByText('Laura Méndez', { selector: 'dd' })).toBeInTheDocument();

    const summary = screen.getByRole('region', { name: 'Resumen' });
    expect(within(summary).getAllByText('$18,500.00')).toHaveLength(2);
    expect(within(summary).getByText('$55,000.00')).toBeInTheDocument();
    expect(within(summary).getAllByText('Calle Durango 214 int. 3, Roma Norte, Cuauhtémoc, Ciudad de México, C.P. 06700')).toHaveLength(2);
    expect(within(summary).getByText('Ana Pérez (Familiar) 5544433322')).toBeInTheDocument();
    expect(within(summary).getAllByText('1 de diciembre de 2026')).toHaveLength(2);

    const documents = screen.getByRole('region', { name: 'Documentos' });
    expect(within(documents).getByText('Faltan 2 documentos de 3.')).toBeInTheDocument();
    const letter = within(documents).getAllByTestId('checklist-item')[2]!;
    expect(letter).toHaveTextContent('Carta Laboral');
    expect(letter).toHaveTextContent('Falta');
    expect(within(documents).getAllByTestId('checklist-item')[1]).toHaveTextContent('Faltan 2 de 3');
    expect(await within(documents).findByText('ine_maria.pdf')).toBeInTheDocument();
    expect(within(documents).getByText('Vigente y legible')).toBeInTheDocument();
    // Read only: nothing to answer or delete here.
    expect(within(documents).queryByRole('textbox')).not.toBeInTheDocument();

    const addendums = screen.getByRole('region', { name: 'Addendums' });
    expect(within(addendums).getByRole('link', { name: 'Editar addendum «Incremento de renta»' })).toHaveAttribute('href', '/addendums/3/edit');
    expect(within(screen.getByRole('region', { name: 'Citas' })).getByText('Firma de contrato')).toBeInTheDocument();
    // Who answered the invitation (issue 20).
    expect(within(screen.getByRole('region', { name: 'Citas' })).getByText('Lucía Hernández (Confirmó), Roberto Sánchez (Sin respuesta)')).toBeInTheDocument();
    expect(await screen.findByText('Póliza creada')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Editar' })).toHaveAttribute('href', '/policies/5/edit');
  });

  it("offers the row menu's 'Confirmar Firma' and sends the spec's status change", async () => {
    const user = userEvent.setup({ delay: null });
    const net = renderFile({ 'POST /api/policy/update/5': { body: makePolicy({ status: 'active' }) } });
    await user.click(await screen.findByRole('button', { name: 'Acciones de la póliza INV-01122026-1030-042' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Confirmar Firma' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirmar Firma' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar Firma' }));
    await vi.waitFor(() => expect(net.callsTo('POST', '/api/policy/update/5')).toHaveLength(1));
    expect(net.callsTo('POST', '/api/policy/update/5')[0]!.body).toEqual({ status: 'active', userId: agentUser.id, branchId: agentUser.branchId });
  });

  it("says 'Póliza no encontrada' for another branch's policy (the server's 404) and for an id that is not one", async () => {
    renderFile({ 'GET /api/policy/unique/5': { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Póliza no encontrada' } } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Póliza no encontrada' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a pólizas' })).toHaveAttribute('href', '/policies');
  });

  it('shows an error with a retry when loading fails otherwise', async () => {
    renderFile({ 'GET /api/policy/unique/5': { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'Ocurrió un error interno' } } });
    expect(await screen.findByText('Error al cargar el expediente')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });
});

describe('the expediente: term, renewal and early termination (issue 15)', () => {
  function renderAs(user: typeof agentUser, policy: Policy, routes: Parameters<typeof mockFetch>[0] = {}) {
    storeSession(user);
    const net = mockFetch({
      'GET /api/policy/unique/5': { body: policy },
      'GET /api/policy/5/file': { body: file },
      'GET /api/policy/5/events': { body: events },
      'GET /api/files/documentswithresponses/INV-01122026-1030-042': { body: [storedDocument] },
      ...routes,
    });
    const view = renderRoute(<PolicyFilePage />, { path: '/policies/:id', url: '/policies/5' });
    return { net, ...view };
  }
  const manager = { ...agentUser, id: 8, role: 'manager' as const };

  it('shows the term and links both policies of a renewal', async () => {
    renderAs(agentUser, makePolicy({ status: 'expired', renewedToPolicyId: 9, renewedFromPolicyId: 2, previousPolicy: 'POL-2025-00003' }));
    expect(await screen.findByText('01 dic 2026 – 30 nov 2027')).toBeInTheDocument();
    expect(screen.getByText('12 meses')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'POL-2025-00003' })).toHaveAttribute('href', '/policies/2');
    expect(screen.getByRole('link', { name: 'Ver póliza renovada' })).toHaveAttribute('href', '/policies/9');
    // Renewed once: not offered again.
    expect(screen.queryByRole('button', { name: 'Renovar' })).not.toBeInTheDocument();
  });

  it("'Renovar' asks, creates the renewal and lands on its form", async () => {
    const { net, router } = renderAs(agentUser, makePolicy({ status: 'expired' }), {
      'POST /api/policy/5/renew': { status: 201, body: makePolicy({ id: 12, status: 'created' }) },
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Renovar' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Renovar póliza' });
    await user.click(within(dialog).getByRole('button', { name: 'Renovar' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/policies/12/edit'));
    expect(net.callsTo('POST', '/api/policy/5/renew')).toHaveLength(1);
  });

  it("'Terminar anticipadamente' is for managers, requires a reason and sends it", async () => {
    const { net } = renderAs(manager, makePolicy({ status: 'active' }), {
      'POST /api/policy/5/terminate': { body: makePolicy({ status: 'cancelled' }) },
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Terminar anticipadamente' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Terminar anticipadamente' });
    await user.click(within(dialog).getByRole('button', { name: 'Terminar póliza' }));
    expect(await within(dialog).findByText('El campo Motivo es obligatorio')).toBeInTheDocument();
    expect(net.callsTo('POST', '/api/policy/5/terminate')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Motivo'), 'El inquilino dejó el inmueble');
    await user.click(within(dialog).getByRole('button', { name: 'Terminar póliza' }));
    await vi.waitFor(() => expect(net.callsTo('POST', '/api/policy/5/terminate')[0]?.body).toEqual({ reason: 'El inquilino dejó el inmueble' }));
  });

  it('lets an agent renew an active policy but not terminate it', async () => {
    renderAs(agentUser, makePolicy({ status: 'active' }));
    expect(await screen.findByRole('button', { name: 'Renovar' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Terminar anticipadamente' })).not.toBeInTheDocument();
  });
});
