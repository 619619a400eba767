import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { SigningRound } from '@portal/domain';
import { renderRoute } from '@/test/render';
import { mockFetch } from '@/test/fetch-mock';
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
