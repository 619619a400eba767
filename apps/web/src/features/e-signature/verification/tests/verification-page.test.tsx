import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { VerificationResult } from '@portal/domain';
import { mockFetch } from '@/test/fetch-mock';
import { renderRoute } from '@/test/render';
import { mockUploads } from '@/test/xhr-mock';
import { VerificationPage } from '../verification-page';

const code = 'ABCDEFGHJKMN';
const leaseSha = 'a'.repeat(64);

const makeResult = (overrides: Partial<VerificationResult> = {}): VerificationResult => ({
  code,
  matched: { label: 'Contrato de arrendamiento', sha256: leaseSha },
  subject: 'Contratos de la póliza',
  packVersion: 2,
  packSha256: 'c'.repeat(64),
  completedAt: '2026-11-20T18:30:05.000Z',
  documents: [
    { label: 'Contrato de arrendamiento', sha256: leaseSha },
    { label: 'Póliza jurídica', sha256: 'b'.repeat(64) },
  ],
  signatures: [
    { nameMasked: 'Ma*** F*** L*** R***', party: 'Inquilino', method: 'efirma', signedAt: '2026-11-20T17:00:00.000Z', certificateSerial: '00001000000504465028', revocation: 'good' },
    { nameMasked: 'Ro*** S*** V***', party: 'Propietario', method: 'simple', signedAt: '2026-11-20T18:30:05.000Z', certificateSerial: null, revocation: null },
  ],
  timestamp: { status: 'stamped', digest: 'd'.repeat(64), time: '2026-11-20T18:30:06.000Z', authority: 'CN=TSA de prueba, O=Pruebas', serial: '1A2B' },
  ...overrides,
});

const pdf = (name = 'contrato-firmado.pdf') => new File(['%PDF-1.7 contenido'], name, { type: 'application/pdf' });

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function renderUploadPage() {
  mockFetch({});
  renderRoute(<VerificationPage />, { path: '/verificar', url: '/verificar' });
}

describe('/verificar: a PDF uploaded', () => {
  it('sends the PDF as it is, without a session, and shows it authentic with masked names, the e.firma serial and the time-stamp', async () => {
    const xhr = mockUploads(() => ({ status: 200, body: makeResult() }));
    renderUploadPage();
    expect(screen.getByRole('heading', { name: 'Verificar un documento firmado' })).toBeInTheDocument();
    const file = pdf();
    await userEvent.upload(screen.getByLabelText('Elegir el PDF firmado'), file);
    expect(await screen.findByText('Documento auténtico: coincide con Contrato de arrendamiento')).toBeInTheDocument();
    expect(xhr.uploads).toHaveLength(1);
    expect(xhr.uploads[0]).toMatchObject({ method: 'POST', path: '/api/public/verify', authorization: null, file });
    expect(screen.getByText('Ma*** F*** L*** R***', { exact: false })).toHaveTextContent('Ma*** F*** L*** R*** (Inquilino)');
    expect(screen.getByText('Firma electrónica avanzada (e.firma del SAT)')).toBeInTheDocument();
    expect(screen.getByText('00001000000504465028')).toBeInTheDocument();
    expect(screen.getByText('Revocación al firmar: Vigente según el SAT (OCSP)')).toBeInTheDocument();
    expect(screen.getByText('Sellado por una autoridad de sellado de tiempo (RFC 3161)')).toBeInTheDocument();
    expect(screen.getByText('CN=TSA de prueba, O=Pruebas')).toBeInTheDocument();
    // The matched document is marked in the list; times read in Mexico City.
    expect(screen.getByText('Este documento')).toBeInTheDocument();
    expect(screen.getAllByText(/hora de la Ciudad de México/).length).toBeGreaterThan(0);
    await userEvent.click(screen.getByRole('button', { name: 'Comprobar otro documento' }));
    expect(screen.getByLabelText('Elegir el PDF firmado')).toBeInTheDocument();
  });

  it("says 'No coincide con ningún documento firmado' for a PDF the portal did not sign, and lets another be tried", async () => {
    const xhr = mockUploads(() => ({ status: 404, body: { statusCode: 404, error: 'Not Found', code: 'not_found', message: 'No coincide con ningún documento firmado' } }));
    renderUploadPage();
    await userEvent.upload(screen.getByLabelText('Elegir el PDF firmado'), pdf('alterado.pdf'));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No coincide con ningún documento firmado');
    expect(alert).toHaveTextContent('imprimirlo como PDF');
    expect(screen.getByLabelText('Elegir el PDF firmado')).toBeEnabled();
    expect(xhr.uploads).toHaveLength(1);
  });

  it('accepts a PDF dropped on the area', async () => {
    const xhr = mockUploads(() => ({ status: 200, body: makeResult() }));
    renderUploadPage();
    const zone = screen.getByText('Arrastre aquí el PDF firmado').parentElement!;
    fireEvent.drop(zone, { dataTransfer: { files: [pdf()] } });
    expect(await screen.findByText('Documento auténtico: coincide con Contrato de arrendamiento')).toBeInTheDocument();
    expect(xhr.uploads).toHaveLength(1);
  });

  it('refuses a file that is not a PDF, or over 25 MB, before sending anything', async () => {
    const xhr = mockUploads(() => ({ status: 200, body: makeResult() }));
    renderUploadPage();
    const input = screen.getByLabelText('Elegir el PDF firmado');
    await userEvent.upload(input, new File(['x'], 'foto.png', { type: 'image/png' }), { applyAccept: false });
    expect(await screen.findByRole('alert')).toHaveTextContent('El archivo no es un PDF');
    const huge = pdf('grande.pdf');
    Object.defineProperty(huge, 'size', { value: 25 * 1024 * 1024 + 1 });
    await userEvent.upload(input, huge);
    expect(await screen.findByRole('alert')).toHaveTextContent('El archivo es demasiado grande (máximo 25 MB)');
    expect(xhr.uploads).toHaveLength(0);
  });

  it('shows the server’s refusal (too many checks) in Spanish', async () => {
    mockUploads(() => ({ status: 429, body: { statusCode: 429, error: 'Too Many Requests', code: 'rate_limited', message: 'Demasiadas solicitudes. Espere un minuto e intente de nuevo.' } }));
    renderUploadPage();
    await userEvent.upload(screen.getByLabelText('Elegir el PDF firmado'), pdf());
    expect(await screen.findByRole('alert')).toHaveTextContent('Demasiadas solicitudes. Espere un minuto e intente de nuevo.');
  });
});

describe('/verificar/{code}', () => {
  const path = `/api/public/verify/${code}`;

  it('reads the round by its code, then checks a PDF against it', async () => {
    const net = mockFetch({ [`GET ${path}`]: { body: makeResult({ matched: null }) } });
    const xhr = mockUploads(() => ({ status: 200, body: makeResult() }));
    renderRoute(<VerificationPage />, { path: '/verificar/:code', url: `/verificar/${code.toLowerCase()}` });
    expect(screen.getByRole('status')).toHaveTextContent('Buscando el documento...');
    expect(await screen.findByText('Documento firmado en el portal')).toBeInTheDocument();
    expect(net.callsTo('GET', path)).toEqual([expect.objectContaining({ authorization: null })]);
    expect(screen.getByText(code)).toBeInTheDocument();
    const upload = screen.getByRole('region', { name: '¿Tiene el PDF? Compruebe que es exactamente este documento' });
    await userEvent.upload(within(upload).getByLabelText('Elegir el PDF firmado'), pdf());
    expect(await within(upload).findByText('Documento auténtico: coincide con Contrato de arrendamiento')).toBeInTheDocument();
    expect(within(upload).queryByRole('alert')).not.toBeInTheDocument();
    expect(xhr.uploads).toHaveLength(1);
  });

  it('says when the PDF is another round’s signed document', async () => {
    mockFetch({ [`GET ${path}`]: { body: makeResult({ matched: null }) } });
    mockUploads(() => ({ status: 200, body: makeResult({ code: 'ZZZZZZZZZZZZ' }) }));
    renderRoute(<VerificationPage />, { path: '/verificar/:code', url: `/verificar/${code}` });
    const upload = await screen.findByRole('region', { name: '¿Tiene el PDF? Compruebe que es exactamente este documento' });
    await userEvent.upload(within(upload).getByLabelText('Elegir el PDF firmado'), pdf());
    expect(await within(upload).findByRole('alert')).toHaveTextContent('El PDF coincide con otro documento firmado (código ZZZZZZZZZZZZ), no con el de este código.');
  });

  it('an unknown code says so and offers the upload', async () => {
    mockFetch({ [`GET ${path}`]: { status: 404, body: { statusCode: 404, error: 'Not Found', code: 'not_found', message: 'No existe un documento firmado con ese código' } } });
    renderRoute(<VerificationPage />, { path: '/verificar/:code', url: `/verificar/${code}` });
    expect(await screen.findByRole('alert')).toHaveTextContent('No existe un documento firmado con ese código');
    expect(screen.getByLabelText('Elegir el PDF firmado')).toBeInTheDocument();
  });

  it('a server failure (after the query’s own two retries) offers to try again', { timeout: 15_000 }, async () => {
    const failure = { status: 503, body: { statusCode: 503, error: 'Service Unavailable', code: 'internal_error', message: 'Ocurrió un error interno. Intente nuevamente.' } };
    const net = mockFetch({ [`GET ${path}`]: [failure, failure, failure, { body: makeResult({ matched: null }) }] });
    renderRoute(<VerificationPage />, { path: '/verificar/:code', url: `/verificar/${code}` });
    expect(await screen.findByText('No se pudo consultar el documento', {}, { timeout: 8_000 })).toBeInTheDocument();
    expect(net.callsTo('GET', path)).toHaveLength(3);
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Documento firmado en el portal')).toBeInTheDocument();
  });
});
