import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import type { SigningRound } from '@portal/domain';
import { renderRoute } from '@/test/render';
import { mockFetch } from '@/test/fetch-mock';
import { agentUser, storeSession } from '@/test/fixtures';
import { SigningPanel } from '../components/signing-panel';

const round: SigningRound = {
  id: 4,
  status: 'completed',
  packVersion: 1,
  signedPackVersion: 2,
  createdAt: '2026-11-20T16:00:00.000Z',
  closedAt: '2026-11-21T16:00:00.000Z',
  methods: { lease: 'simple', policy: 'simple', promissory_notes: 'paper' },
  paperReason: '',
  order: 'parallel',
  expiresAt: '2026-12-05T16:00:00.000Z',
  verificationCode: 'ABCDEFGHJKMN',
  signers: [
    { linkId: 1, party: 'tenant', name: 'María López', email: 'maria@example.mx', signedAt: '2026-11-20T17:00:00.000Z', declinedAt: null, declineReason: null, locked: false, method: 'simple', invitedAt: '2026-11-20T16:00:00.000Z', remindersSent: 0, certificateSerial: null, revocation: null },
    { linkId: 2, party: 'guarantor', name: 'Óscar Peña', email: 'oscar@example.mx', signedAt: null, declinedAt: null, declineReason: null, locked: true, method: 'simple', invitedAt: '2026-11-20T16:00:00.000Z', remindersSent: 0, certificateSerial: null, revocation: null },
    { linkId: 3, party: 'owner', name: 'Roberto Sánchez', email: 'roberto@example.mx', signedAt: null, declinedAt: '2026-11-21T16:00:00.000Z', declineReason: 'La renta no es la acordada', locked: false, method: 'simple', invitedAt: '2026-11-20T16:00:00.000Z', remindersSent: 0, certificateSerial: null, revocation: null },
  ],
};

beforeEach(() => {
  vi.spyOn(toast, 'error');
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("the expediente's 'Firma electrónica'", () => {
  it('shows each signer’s state and the signed pack', async () => {
    mockFetch({ 'GET /api/policy/7/signing': { body: round } });
    renderRoute(<SigningPanel policyId={7} folio="POL-1" />);
    const card = await screen.findByTestId('signing-round');
    expect(within(card).getByText('Firmado')).toBeInTheDocument();
    expect(within(card).getByText(/Firmó el/)).toBeInTheDocument();
    expect(within(card).getByText('Bloqueado por códigos incorrectos')).toBeInTheDocument();
    expect(within(card).getByText('Motivo: La renta no es la acordada')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Descargar contratos firmados (versión 2)' })).toBeInTheDocument();
  });

  it('says when nothing was sent yet', async () => {
    mockFetch({ 'GET /api/policy/7/signing': { body: null } });
    renderRoute(<SigningPanel policyId={7} folio="POL-1" />);
    expect(await screen.findByText('Aún no se han enviado los contratos para firma electrónica')).toBeInTheDocument();
  });
});

// Issue 35: how the round signs, each signer's place in it, and 'Enviar de nuevo'.

type Signer = SigningRound['signers'][number];
const signer = (overrides: Partial<Signer>): Signer => ({
  linkId: 1,
  party: 'tenant',
  name: 'María López',
  email: 'maria@example.mx',
  signedAt: null,
  declinedAt: null,
  declineReason: null,
  locked: false,
  method: 'simple',
  invitedAt: '2026-11-20T16:00:00.000Z',
  remindersSent: 0,
  certificateSerial: null,
  revocation: null,
  ...overrides,
});

const inOrder: SigningRound = {
  ...round,
  id: 5,
  status: 'open',
  signedPackVersion: null,
  closedAt: null,
  verificationCode: null,
  methods: { lease: 'simple', policy: 'simple', promissory_notes: 'paper' },
  paperReason: 'Los pagarés: se firmarán en papel porque Óscar Peña no tiene RFC en la póliza. La oficina firmará en papel: la sucursal no tiene representante legal.',
  order: 'sequential',
  signers: [
    signer({ linkId: 1, method: 'efirma', signedAt: '2026-11-21T17:00:00.000Z', certificateSerial: '30001000000500003416', revocation: 'good' }),
    signer({ linkId: 2, party: 'guarantor', name: 'Óscar Peña', email: 'oscar@example.mx', remindersSent: 2 }),
    signer({ linkId: 3, party: 'owner', name: 'Roberto Sánchez', email: 'roberto@example.mx', invitedAt: null }),
  ],
};

function renderPanel(body: SigningRound | null, routes: Parameters<typeof mockFetch>[0] = {}, user = agentUser) {
  storeSession(user);
  const net = mockFetch({ 'GET /api/policy/7/signing': { body }, ...routes });
  renderRoute(<SigningPanel policyId={7} folio="POL-1" />);
  return net;
}

describe("the round's order, methods and reminders (issue 35)", () => {
  it('says how each document is signed, why some is on paper, the order, the deadline and where each signer is', async () => {
    renderPanel(inOrder);
    const card = await screen.findByTestId('signing-round');
    const summary = card.querySelector('dl')!;
    expect(summary).toHaveTextContent('Contrato de arrendamientoFirma electrónica simple');
    expect(summary).toHaveTextContent('PagarésEn papel');
    expect(summary).toHaveTextContent('OrdenEn orden: inquilino, obligados solidarios, propietario y la oficina');
    expect(summary).toHaveTextContent(/Vence.*2026/);
    expect(within(card).getByText(/^Por qué en papel: Los pagarés: se firmarán en papel porque Óscar Peña no tiene RFC/)).toHaveTextContent('La oficina firmará en papel: la sucursal no tiene representante legal');

    const [tenant, guarantor, owner] = within(card).getAllByTestId('signer');
    expect(tenant).toHaveTextContent(/Firmó el/);
    expect(tenant).toHaveTextContent('e.firma del SAT');
    expect(tenant).toHaveTextContent('Certificado núm. 30001000000500003416 · Vigente según el SAT (OCSP)');
    expect(guarantor).toHaveTextContent(/Enlace enviado el/);
    expect(guarantor).toHaveTextContent('2 recordatorios enviados');
    expect(owner).toHaveTextContent('Espera su turno');
    // An open round is not sent again, and no signer's link is ever shown.
    expect(within(card).queryByRole('button', { name: 'Enviar de nuevo' })).not.toBeInTheDocument();
    expect(card.textContent).not.toContain('/p/');
  });

  it("sends an expired round again after the confirmation, then shows the new round", async () => {
    const expired: SigningRound = { ...inOrder, status: 'expired', closedAt: '2026-12-05T16:00:00.000Z' };
    const fresh: SigningRound = { ...inOrder, id: 6, signers: inOrder.signers.map((each, index) => ({ ...each, signedAt: null, certificateSerial: null, revocation: null, remindersSent: 0, invitedAt: index === 0 ? '2026-12-06T16:00:00.000Z' : null })) };
    // After the resend every policy query is read again: the server then answers the new round.
    const net = renderPanel(expired, { 'GET /api/policy/7/signing': [{ body: expired }, { body: fresh }], 'POST /api/policy/7/signing/resend': { body: fresh } });
    const user = userEvent.setup({ delay: null });
    const card = await screen.findByTestId('signing-round');
    expect(within(card).getByText('Vencido sin completarse')).toBeInTheDocument();
    expect(within(card).getAllByText('No firmó')).toHaveLength(2);

    await user.click(within(card).getByRole('button', { name: 'Enviar de nuevo' }));
    let dialog = await screen.findByRole('alertdialog', { name: '¿Enviar la firma de nuevo?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(net.callsTo('POST', '/api/policy/7/signing/resend')).toHaveLength(0);

    await user.click(within(card).getByRole('button', { name: 'Enviar de nuevo' }));
    dialog = await screen.findByRole('alertdialog', { name: '¿Enviar la firma de nuevo?' });
    expect(dialog).toHaveTextContent('Cada firmante recibirá por correo un enlace nuevo');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar de nuevo' }));
    await waitFor(() => expect(net.callsTo('POST', '/api/policy/7/signing/resend')).toHaveLength(1));
    expect(await screen.findByText('En firma')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enviar de nuevo' })).not.toBeInTheDocument();
  });

  it("does not offer 'Enviar de nuevo' to the lawyer", async () => {
    const declined: SigningRound = { ...round, status: 'declined', signedPackVersion: null };
    renderPanel(declined, {}, { ...agentUser, role: 'lawyer' });
    expect(await screen.findByText('Motivo: La renta no es la acordada')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enviar de nuevo' })).not.toBeInTheDocument();
  });

  it("tells why the server refused to send it again", async () => {
    const declined: SigningRound = { ...round, status: 'declined', signedPackVersion: null };
    const message = 'La póliza ya no está en Firma: no se puede enviar la firma de nuevo';
    renderPanel(declined, { 'POST /api/policy/7/signing/resend': { status: 409, body: { statusCode: 409, error: 'Conflict', message } } });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Enviar de nuevo' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Enviar de nuevo' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('No se pudo enviar la firma de nuevo', expect.objectContaining({ description: message })));
  });

  it("links a completed round's /verificar page and downloads each e.firma signature (.p7s)", async () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:firma');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const efirma: SigningRound = { ...round, signers: [{ ...round.signers[0]!, method: 'efirma', certificateSerial: '30001000000500000002', revocation: 'good' }] };
    const file = { id: 11, signerName: 'María López', party: 'tenant' as const, covers: 'Pagarés', documentSha256: 'a'.repeat(64), cmsSha256: 'b'.repeat(64), size: 2100, available: true };
    const net = renderPanel(efirma, {
      'GET /api/policy/7/signing/rounds/4/signatures': { body: [file] },
      'GET /api/policy/7/signing/rounds/4/signatures/11/file': { body: 'cms' },
    });
    expect(await screen.findByRole('link', { name: /ABCDEFGHJKMN/ })).toHaveAttribute('href', '/verificar/ABCDEFGHJKMN');
    const list = await screen.findByRole('list', { name: 'Firmas con e.firma (.p7s)' });
    const user = userEvent.setup({ delay: null });
    await user.click(within(list).getByRole('button', { name: 'Descargar la firma (.p7s) de María López: Pagarés' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(net.callsTo('GET', '/api/policy/7/signing/rounds/4/signatures/11/file')).toHaveLength(1);
  });

  it('asks for no .p7s list when nobody signed with e.firma', async () => {
    const net = renderPanel(round);
    expect(await screen.findByRole('link', { name: /ABCDEFGHJKMN/ })).toBeInTheDocument();
    expect(net.callsTo('GET', '/api/policy/7/signing/rounds/4/signatures')).toHaveLength(0);
  });
});
