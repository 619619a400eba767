import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { efirmaMessages, signingMessages } from '@portal/domain';
import { renderRoute } from '@/test/render';
import { mockFetch } from '@/test/fetch-mock';
import { EfirmaStep } from '../components/efirma-step';
import { base64Of, makeTestEfirma, otherKeyFile, readDetachedCms, sha256Hex, testDocuments, type TestEfirma } from './efirma-fixtures';

/*
 * The e.firma step (issue 35) with real test e.firma files: the key is decrypted and used by
 * node-forge in the page; only the network is faked. A refusal found in the browser sends nothing.
 */

const token = 'e'.repeat(43);
const base = `/api/public/links/${token}/signing`;
// An 'ñ': SAT's keys take the password as UTF-8 bytes.
const password = 'Contraseña 12345';
const { bytes, documents } = testDocuments();
const signedView = { status: 'open', documents, method: 'efirma', myTurn: true, expiresAt: null, packSha256: 'f'.repeat(64), emailMasked: 'ma***@example.mx', otpVerified: true, locked: false, signedAt: '2026-11-28T12:00:00.000Z', declinedAt: null, signersSigned: 1, signersTotal: 3 };

let efirma: TestEfirma;
let wrongKey: File;
beforeAll(() => {
  efirma = makeTestEfirma(password);
  wrongKey = otherKeyFile(password);
});

/** The server: every document of the round, and the e.firma endpoint's answer. */
function serve(answer: { status?: number; body?: unknown } = { body: signedView }, served: Partial<Record<keyof typeof bytes, Uint8Array>> = {}) {
  const files = { ...bytes, ...served };
  return mockFetch({
    [`GET ${base}/documents/lease`]: { body: files.lease },
    [`GET ${base}/documents/promissory_notes`]: { body: files.promissory_notes },
    [`GET ${base}/documents/policy`]: { body: files.policy },
    [`POST ${base}/efirma`]: answer,
  });
}

type User = ReturnType<typeof userEvent.setup>;

async function fillIn(user: User, files: { cer?: File; key?: File; password?: string; accept?: boolean }) {
  if (files.cer) await user.upload(screen.getByLabelText('Certificado (.cer)'), files.cer);
  if (files.key) await user.upload(screen.getByLabelText('Llave privada (.key)'), files.key);
  if (files.password) await user.type(screen.getByLabelText('Contraseña de la llave privada'), files.password);
  if (files.accept !== false) await user.click(screen.getByRole('checkbox', { name: 'He leído los documentos y acepto firmarlos con mi e.firma' }));
}

const renderStep = () => renderRoute(<EfirmaStep token={token} documents={documents} onDeclined={() => undefined} />);
const efirmaPosts = (net: ReturnType<typeof mockFetch>) => net.callsTo('POST', `${base}/efirma`);

describe('the e.firma step', () => {
  it('lists the signer’s documents, marks the e.firma ones, and says the key never leaves the device', () => {
    serve();
    renderStep();
    expect(screen.getByRole('heading', { name: '2. Firmar con e.firma' })).toBeInTheDocument();
    const items = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual(['Contrato de arrendamiento', 'Pagarése.firma']);
    expect(screen.getByText(/Su llave privada y su contraseña no salen de este dispositivo/)).toBeInTheDocument();
    expect(screen.getByLabelText('Certificado (.cer)')).toHaveAttribute('accept', '.cer');
    expect(screen.getByLabelText('Llave privada (.key)')).toHaveAttribute('accept', '.key');
    expect(screen.getByLabelText('Contraseña de la llave privada')).toHaveAttribute('type', 'password');
  });

  it('asks for the files, the password and the acceptance before reading anything', async () => {
    const net = serve();
    renderStep();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Firmar con e.firma' }));
    expect(screen.getByRole('alert')).toHaveTextContent(efirmaMessages.filesRequired);
    await fillIn(user, { cer: efirma.cerFile, key: efirma.keyFile, accept: false });
    await user.click(screen.getByRole('button', { name: 'Firmar con e.firma' }));
    expect(screen.getByRole('alert')).toHaveTextContent(efirmaMessages.passwordRequired);
    await user.type(screen.getByLabelText('Contraseña de la llave privada'), password);
    await user.click(screen.getByRole('button', { name: 'Firmar con e.firma' }));
    expect(screen.getByRole('alert')).toHaveTextContent(signingMessages.acceptRequired);
    expect(net.calls).toEqual([]);
  });

  it('a wrong password is said in Spanish, and nothing is read or sent', async () => {
    const net = serve();
    renderStep();
    const user = userEvent.setup({ delay: null });
    await fillIn(user, { cer: efirma.cerFile, key: efirma.keyFile, password: 'no es la contraseña' });
    await user.click(screen.getByRole('button', { name: 'Firmar con e.firma' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(efirmaMessages.wrongPassword);
    expect(net.calls).toEqual([]);
  });

  it('a key that is not the certificate’s is refused in the browser', async () => {
    const net = serve();
    renderStep();
    const user = userEvent.setup({ delay: null });
    await fillIn(user, { cer: efirma.cerFile, key: wrongKey, password });
    await user.click(screen.getByRole('button', { name: 'Firmar con e.firma' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(efirmaMessages.keyNotForCertificate);
    expect(efirmaPosts(net)).toEqual([]);
  });

  it('files that are not a certificate or an encrypted key are named', async () => {
    const net = serve();
    renderStep();
    const user = userEvent.setup({ delay: null });
    const notDer = new File(['no soy un certificado'], 'foto.cer');
    await fillIn(user, { cer: notDer, key: efirma.keyFile, password });
    await user.click(screen.getByRole('button', { name: 'Firmar con e.firma' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(efirmaMessages.badCertificateFile);
    // The certificate given as the key: DER, but not an EncryptedPrivateKeyInfo.
    await user.upload(screen.getByLabelText('Certificado (.cer)'), efirma.cerFile);
    await user.upload(screen.getByLabelText('Llave privada (.key)'), new File([efirma.certificateDer], 'certificado.key'));
    await user.click(screen.getByRole('button', { name: 'Firmar con e.firma' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(efirmaMessages.badKeyFile);
    expect(efirmaPosts(net)).toEqual([]);
  });

  it('signs each of the signer’s documents as a detached CMS over its bytes, and sends the certificate with them', async () => {
    const net = serve();
    renderStep();
    const user = userEvent.setup({ delay: null });
    await fillIn(user, { cer: efirma.cerFile, key: efirma.keyFile, password });
    await user.click(screen.getByRole('button', { name: 'Firmar con e.firma' }));
    await waitFor(() => expect(efirmaPosts(net)).toHaveLength(1));

    const [post] = efirmaPosts(net);
    expect(post!.authorization).toBeNull();
    const body = post!.body as { certificate: string; signatures: Array<{ documentSha256: string; cms: string }> };
    expect(body.certificate).toBe(base64Of(efirma.certificateDer));
    // Only the signer's documents ('mine'), each with the view's SHA-256; never the key.
    expect(body.signatures.map((signature) => signature.documentSha256)).toEqual([sha256Hex(bytes.lease), sha256Hex(bytes.promissory_notes)]);
    expect(net.calls.filter((call) => call.method === 'GET').map((call) => call.path)).toEqual([`${base}/documents/lease`, `${base}/documents/promissory_notes`]);
    expect(JSON.stringify(body)).not.toContain(password);
    for (const [index, document] of [bytes.lease, bytes.promissory_notes].entries()) {
      const cms = readDetachedCms(body.signatures[index]!.cms);
      expect(cms.hasContent).toBe(false);
      expect(cms.messageDigest).toBe(sha256Hex(document));
      expect(cms.hasSigningTime).toBe(true);
      expect(cms.signatureValid).toBe(true);
      expect(base64Of(cms.certificateDer)).toBe(body.certificate);
    }
  });

  it('opens a key encrypted with PKCS#12’s PBE too (the password’s characters, not its UTF-8 bytes)', async () => {
    const net = serve();
    renderStep();
    const user = userEvent.setup({ delay: null });
    await fillIn(user, { cer: efirma.cerFile, key: efirma.pkcs12KeyFile, password });
    await user.click(screen.getByRole('button', { name: 'Firmar con e.firma' }));
    await waitFor(() => expect(efirmaPosts(net)).toHaveLength(1));
    const body = efirmaPosts(net)[0]!.body as { signatures: Array<{ cms: string }> };
    expect(body.signatures.map((signature) => readDetachedCms(signature.cms).signatureValid)).toEqual([true, true]);
  });

  it('refuses to sign documents that are not the ones shown (their SHA-256 changed)', async () => {
    const net = serve(undefined, { promissory_notes: new TextEncoder().encode('%PDF-1.7 Pagarés por otra cantidad') });
    renderStep();
    const user = userEvent.setup({ delay: null });
    await fillIn(user, { cer: efirma.cerFile, key: efirma.keyFile, password });
    await user.click(screen.getByRole('button', { name: 'Firmar con e.firma' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(signingMessages.packChanged);
    expect(efirmaPosts(net)).toEqual([]);
  });

  it('shows the server’s reason under the form when it refuses the signature', async () => {
    const reason = efirmaMessages.untrustedAuthority;
    serve({ status: 400, body: { statusCode: 400, error: 'Bad Request', message: reason } });
    renderStep();
    const user = userEvent.setup({ delay: null });
    await fillIn(user, { cer: efirma.cerFile, key: efirma.keyFile, password });
    await user.click(screen.getByRole('button', { name: 'Firmar con e.firma' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(reason);
    expect(screen.getByRole('button', { name: 'Firmar con e.firma' })).toBeEnabled();
  });
});
