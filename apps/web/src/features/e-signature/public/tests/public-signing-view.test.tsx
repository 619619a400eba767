import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { signingMessages, type PublicLinkView, type SigningView } from '@portal/domain';
import { renderRoute } from '@/test/render';
import { mockFetch } from '@/test/fetch-mock';
import { PublicSigningView } from '../components/public-signing-view';
import { makeTestEfirma, testDocuments } from './efirma-fixtures';

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

  it('when it is not the signer’s turn, says so instead of asking for the code', async () => {
    renderView({ myTurn: false });
    expect(await screen.findByText(signingMessages.notYourTurn)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enviar código' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('signing-pack')).not.toBeInTheDocument();
  });

  it('shows the round’s deadline', async () => {
    renderView({ expiresAt: '2026-12-05T23:59:00.000Z' });
    expect(await screen.findByText(/Puede firmar hasta el/)).toBeInTheDocument();
  });

  it('asks for the code first on an e.firma round too', async () => {
    renderView({ method: 'efirma' });
    expect(await screen.findByRole('button', { name: 'Enviar código' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Firmar con e.firma' })).not.toBeInTheDocument();
  });

  it('after the code, signs with the e.firma instead of a drawn signature, and shows the signed state', async () => {
    const password = 'clave-de-prueba';
    const efirma = makeTestEfirma(password);
    const { bytes, documents } = testDocuments();
    const round = { ...open, documents, method: 'efirma' as const, otpVerified: true };
    const base = `/api/public/links/${token}/signing`;
    const net = mockFetch({
      [`GET ${base}`]: { body: round },
      [`GET ${base}/documents/lease`]: { body: bytes.lease },
      [`GET ${base}/documents/promissory_notes`]: { body: bytes.promissory_notes },
      [`POST ${base}/efirma`]: { body: { ...round, signedAt: '2026-11-28T12:00:00.000Z', signersSigned: 1 } },
    });
    renderRoute(<PublicSigningView token={token} view={link} />);
    expect(await screen.findByRole('heading', { name: '2. Firmar con e.firma' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Dibujar' })).not.toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    await user.upload(screen.getByLabelText('Certificado (.cer)'), efirma.cerFile);
    await user.upload(screen.getByLabelText('Llave privada (.key)'), efirma.keyFile);
    await user.type(screen.getByLabelText('Contraseña de la llave privada'), password);
    await user.click(screen.getByRole('checkbox', { name: /acepto firmarlos con mi e.firma/ }));
    await user.click(screen.getByRole('button', { name: 'Firmar con e.firma' }));
    expect(await screen.findByRole('heading', { name: 'Usted firmó los documentos' })).toBeInTheDocument();
    await waitFor(() => expect(net.callsTo('POST', `${base}/efirma`)).toHaveLength(1));
  });
});
