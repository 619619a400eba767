import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { signingMessages, type PublicLinkView, type SigningView } from '@portal/domain';
import { renderRoute } from '@/test/render';
import { mockFetch } from '@/test/fetch-mock';
import { PublicSigningView } from '../components/public-signing-view';

// pdf.js is not what these tests are about: the viewer is a placeholder here.
vi.mock('../components/pack-viewer', () => ({ PackViewer: () => <div data-testid="signing-pack" /> }));
// Nor the drawing pad (the DOM under test has no 2D canvas).
vi.mock('../components/signature-pad-canvas', () => ({ SignatureCanvas: () => <canvas data-testid="signature-canvas" /> }));

const token = 'd'.repeat(43);
const link: PublicLinkView = {
  purpose: 'sign',
  party: 'tenant',
  partyName: 'María López',
  branchName: 'Sucursal Polanco',
  folio: 'INV-2026-0042',
  expiresAt: '2026-12-01T06:00:00.000Z',
  finished: false,
  privacy: { version: 1, text: 'Aviso', accepted: true },
};
const open: SigningView = {
  status: 'open',
  documents: [{ kind: 'lease', label: 'Contrato de arrendamiento', pageCount: 3, sha256: 'a'.repeat(64), method: 'simple', mine: true }],
  method: 'simple',
  myTurn: true,
  expiresAt: null,
  packSha256: 'f'.repeat(64),
  emailMasked: 'ma***@example.mx',
  otpVerified: false,
  locked: false,
  signedAt: null,
  declinedAt: null,
  signersSigned: 0,
  signersTotal: 3,
};

function renderView(signing: Partial<SigningView>) {
  mockFetch({ [`GET /api/public/links/${token}/signing`]: { body: { ...open, ...signing } } });
  renderRoute(<PublicSigningView token={token} view={link} />);
}

describe('the signing page', () => {
  it('shows the documents and asks for the code first', async () => {
    renderView({});
    expect(await screen.findByRole('heading', { name: 'Firma de contratos' })).toBeInTheDocument();
    expect(screen.getByText('Contrato de arrendamiento (3 páginas)')).toBeInTheDocument();
    expect(screen.getByTestId('signing-pack')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enviar código' })).toBeInTheDocument();
  });

  it('goes to the signature once the code is verified', async () => {
    renderView({ otpVerified: true });
    expect(await screen.findByRole('tab', { name: 'Dibujar' })).toBeInTheDocument();
  });

  it('says the signer signed, and how many have', async () => {
    renderView({ signedAt: '2026-11-24T12:00:00.000Z', signersSigned: 2 });
    expect(await screen.findByRole('heading', { name: 'Usted firmó los documentos' })).toBeInTheDocument();
    expect(screen.getByText(/Han firmado 2 de 3 firmantes/)).toBeInTheDocument();
  });

  it('says the link is locked, or the round closed', async () => {
    renderView({ locked: true });
    expect(await screen.findByRole('heading', { name: signingMessages.codeLocked })).toBeInTheDocument();
  });

  it('says when the signing is no longer open', async () => {
    renderView({ status: 'cancelled' });
    expect(await screen.findByRole('heading', { name: signingMessages.roundClosed })).toBeInTheDocument();
    expect(screen.getByText(/Estado: Cancelado/)).toBeInTheDocument();
  });
});
