import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { publicLinkMessages, type PublicLinkView, type PublicUploadDocument, type PublicUploadView, type ReceivedDocument } from '@portal/domain';
import { renderRoute } from '@/test/render';
import { mockFetch } from '@/test/fetch-mock';
import { mockUploads } from '@/test/xhr-mock';
import UploadView, { uploadDoneMessage } from '../upload-view';

const token = 'a'.repeat(43);
const link: PublicLinkView = {
  purpose: 'upload',
  party: 'tenant',
  partyName: 'María López',
  branchName: 'Sucursal Centro',
  folio: 'INV-05032026-1030-001',
  expiresAt: '2026-03-12T10:00:00Z',
  finished: false,
  privacy: { version: 1, text: 'Aviso', accepted: true },
};

const card = (slot: PublicUploadDocument['slot'], overrides: Partial<PublicUploadDocument> = {}): PublicUploadDocument => ({
  slot,
  label: { tenantId: 'Identificación del inquilino', incomeProof: 'Comprobantes de ingresos', tenantIdBack: 'INE parte trasera del inquilino' }[slot as string] ?? slot,
  hint: slot === 'incomeProof' ? 'Últimos 3 recibos de nómina o estados de cuenta' : null,
  files: slot === 'incomeProof' ? 3 : 1,
  asksIdentificationType: slot === 'tenantId',
  present: 0,
  ...overrides,
});

const receivedFile = (documentType: string, originalFilename: string, overrides: Partial<ReceivedDocument> = {}): ReceivedDocument => ({
  documentType,
  slot: documentType.replace(/\d$/, '') as ReceivedDocument['slot'],
  index: Number(/\d$/.exec(documentType)?.[0] ?? 0),
  originalFilename,
  identificationType: null,
  uploadedAt: '2026-03-05T10:00:00Z',
  ...overrides,
});

const makeUpload = (overrides: Partial<PublicUploadView> = {}): PublicUploadView => ({
  documents: [card('tenantId'), card('incomeProof')],
  received: [],
  complete: false,
  accepting: true,
  ...overrides,
});

const documentsUrl = `GET /api/public/links/${token}/documents`;
const uploadPath = (documentType: string, type?: string) => `/api/public/links/${token}/upload/${documentType}${type ? `/${type}` : ''}`;
const jpeg = (name = 'ine.jpg') => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2])], name, { type: 'image/jpeg' });
const pdf = (name = 'nomina.pdf') => new File(['%PDF-1.4'], name, { type: 'application/pdf' });

function renderUpload(upload: PublicUploadView = makeUpload()) {
  const net = mockFetch({ [documentsUrl]: { body: upload } });
  const xhr = mockUploads();
  const view = renderRoute(<UploadView token={token} view={link} />);
  return { net, xhr, ...view };
}

/** A phone: the pointer is a finger. */
function asPhone() {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(pointer: coarse)', media: query, addEventListener: () => {}, removeEventListener: () => {} }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the upload link page', () => {
  it("shows the party's documents as cards with the spec's hints, the identification type where asked, and no camera on a computer", async () => {
    renderUpload();
    const id = within(await screen.findByRole('article', { name: 'Identificación del inquilino' }));
    expect(id.getByRole('group', { name: 'Tipo de identificación' })).toBeInTheDocument();
    expect(id.getByRole('radio', { name: 'INE' })).toBeChecked();
    expect(id.getByRole('radio', { name: 'Pasaporte' })).not.toBeChecked();
    expect(id.getByRole('radio', { name: 'INE separada' })).toBeInTheDocument();
    const income = within(screen.getByRole('article', { name: 'Comprobantes de ingresos' }));
    expect(income.getByText('Últimos 3 recibos de nómina o estados de cuenta')).toBeInTheDocument();
    expect(income.queryByRole('group', { name: 'Tipo de identificación' })).not.toBeInTheDocument();
    expect(income.getAllByText(/Archivo \d de 3/)).toHaveLength(3);
    expect(screen.queryByLabelText(/Tomar foto/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Elegir archivo: Identificación del inquilino')).toHaveAttribute('accept', 'image/jpeg,image/png,application/pdf');
    expect(screen.getByText(/Sucursal Centro le pide/)).toBeInTheDocument();
  });

  it("offers 'Tomar foto' with the back camera on a phone", async () => {
    asPhone();
    renderUpload();
    const camera = await screen.findByLabelText('Tomar foto: Identificación del inquilino');
    expect(camera).toHaveAttribute('accept', 'image/*');
    expect(camera).toHaveAttribute('capture', 'environment');
  });

  it('sends a picked file at once, without a session token, with its progress; then lists it as received', async () => {
    const { xhr } = renderUpload();
    await userEvent.upload(await screen.findByLabelText('Elegir archivo: Identificación del inquilino'), jpeg());
    await waitFor(() => expect(xhr.uploads).toHaveLength(1));
    const sent = xhr.uploads[0]!;
    expect(sent.path).toBe(uploadPath('tenantId', 'ine'));
    expect(sent.authorization).toBeNull();
    expect(sent.file?.name).toBe('ine.jpg');
    await sent.progress(409_600, 1_024_000);
    const row = within(screen.getByTestId('file-row-tenantId'));
    const bar = row.getByRole('progressbar', { name: 'Enviando ine.jpg: 400 KB de 1000 KB (40\u00a0%)' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(bar).toHaveAttribute('aria-valuetext', '400 KB de 1000 KB enviados');
    await sent.respond(201, makeUpload({ documents: [card('tenantId', { present: 1 }), card('incomeProof')], received: [receivedFile('tenantId', 'ine.jpg', { identificationType: 'ine' })] }));
    expect(await row.findByText('Recibido')).toBeInTheDocument();
    const list = within(screen.getByRole('region', { name: 'Documentos recibidos' }));
    expect(list.getByText('Identificación del inquilino')).toBeInTheDocument();
    expect(list.getByText('ine.jpg')).toBeInTheDocument();
  });

  it("shows the server's Spanish reason at once, without trying again by itself, and 'Reintentar' sends the same file again", async () => {
    const { xhr } = renderUpload();
    await userEvent.upload(await screen.findByLabelText('Elegir archivo: Comprobantes de ingresos, archivo 2 de 3'), pdf());
    await waitFor(() => expect(xhr.uploads).toHaveLength(1));
    expect(xhr.uploads[0]!.path).toBe(uploadPath('incomeProof1'));
    await xhr.uploads[0]!.respond(415, { statusCode: 415, error: 'Unsupported Media Type', message: 'Tipo de archivo no permitido. Use PDF, JPG o PNG.' });
    const row = within(screen.getByTestId('file-row-incomeProof1'));
    expect(await row.findByRole('alert')).toHaveTextContent('Tipo de archivo no permitido. Use PDF, JPG o PNG.');
    // The server judged the file: another try would get the same answer.
    expect(xhr.uploads).toHaveLength(1);
    await userEvent.click(row.getByRole('button', { name: 'Reintentar: Comprobantes de ingresos, archivo 2 de 3' }));
    await waitFor(() => expect(xhr.uploads).toHaveLength(2));
    expect(xhr.uploads[1]!.file?.name).toBe('nomina.pdf');
    await xhr.uploads[1]!.respond(201, makeUpload({ received: [receivedFile('incomeProof1', 'nomina.pdf')] }));
    expect(await row.findByText('Recibido')).toBeInTheDocument();
  });

  it('tries a file again by itself when the connection drops, after 2 s, and shows which try it is', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { xhr } = renderUpload();
    await userEvent.upload(await screen.findByLabelText('Elegir archivo: Identificación del inquilino'), jpeg());
    await waitFor(() => expect(xhr.uploads).toHaveLength(1));
    await xhr.uploads[0]!.progress(300, 600);
    await xhr.uploads[0]!.fail();
    const row = within(screen.getByTestId('file-row-tenantId'));
    expect(row.getByRole('status')).toHaveTextContent('Se interrumpió el envío. Reintento 2 de 4 en 2 s...');
    expect(row.queryByRole('alert')).not.toBeInTheDocument();
    expect(row.getByText('Enviando...')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(2000));
    await waitFor(() => expect(xhr.uploads).toHaveLength(2));
    expect(xhr.uploads[1]!.file?.name).toBe('ine.jpg');
    await xhr.uploads[1]!.progress(150, 600);
    expect(row.getByText('Enviando ine.jpg: 150 B de 600 B (25 %) · intento 2 de 4')).toBeInTheDocument();
    await xhr.uploads[1]!.respond(201, makeUpload({ received: [receivedFile('tenantId', 'ine.jpg')] }));
    expect(await row.findByText('Recibido')).toBeInTheDocument();
  });

  it("after four tries (2, 4 and 8 s apart) asks the person, and 'Reintentar' starts again", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { xhr } = renderUpload();
    await userEvent.upload(await screen.findByLabelText('Elegir archivo: Comprobantes de ingresos, archivo 1 de 3'), pdf());
    const row = within(screen.getByTestId('file-row-incomeProof'));
    for (const [index, wait] of [2000, 4000, 8000].entries()) {
      await waitFor(() => expect(xhr.uploads).toHaveLength(index + 1));
      await xhr.uploads[index]!.respond(503, { statusCode: 503, error: 'Service Unavailable', message: 'El servicio no está disponible' });
      expect(row.getByRole('status')).toHaveTextContent(`Reintento ${index + 2} de 4 en ${wait / 1000} s...`);
      // Not a moment sooner.
      await act(() => vi.advanceTimersByTimeAsync(wait - 100));
      expect(xhr.uploads).toHaveLength(index + 1);
      await act(() => vi.advanceTimersByTimeAsync(100));
    }
    await waitFor(() => expect(xhr.uploads).toHaveLength(4));
    await xhr.uploads[3]!.fail();
    expect(await row.findByRole('alert')).toHaveTextContent(/conexión/);
    expect(row.getByText('No se envió')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(xhr.uploads).toHaveLength(4);
    await userEvent.click(row.getByRole('button', { name: 'Reintentar: Comprobantes de ingresos, archivo 1 de 3' }));
    await waitFor(() => expect(xhr.uploads).toHaveLength(5));
    expect(xhr.uploads.map((upload) => upload.file?.name)).toEqual(Array(5).fill('nomina.pdf'));
  });

  it('leaving the page while waiting for the next try sends nothing more', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { xhr, unmount } = renderUpload();
    await userEvent.upload(await screen.findByLabelText('Elegir archivo: Identificación del inquilino'), jpeg());
    await waitFor(() => expect(xhr.uploads).toHaveLength(1));
    await xhr.uploads[0]!.fail();
    unmount();
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(xhr.uploads).toHaveLength(1);
  });

  it("asks the front and the back for 'INE separada', the back as its own slot", async () => {
    const { xhr } = renderUpload();
    const id = within(await screen.findByRole('article', { name: 'Identificación del inquilino' }));
    await userEvent.click(id.getByRole('radio', { name: 'INE separada' }));
    expect(id.getByText('Frente')).toBeInTheDocument();
    expect(id.getByText('Reverso')).toBeInTheDocument();
    await userEvent.upload(id.getByLabelText('Elegir archivo: Identificación del inquilino, reverso'), jpeg('reverso.jpg'));
    await waitFor(() => expect(xhr.uploads).toHaveLength(1));
    expect(xhr.uploads[0]!.path).toBe(uploadPath('tenantIdBack', 'ineSeparada'));
    await userEvent.upload(id.getByLabelText('Elegir archivo: Identificación del inquilino, frente'), jpeg('frente.jpg'));
    await waitFor(() => expect(xhr.uploads).toHaveLength(2));
    expect(xhr.uploads[1]!.path).toBe(uploadPath('tenantId', 'ineSeparada'));
  });

  it('keeps the back side inside its card when the server lists it, with the stored type chosen', async () => {
    renderUpload(
      makeUpload({
        documents: [card('tenantId', { present: 1 }), card('tenantIdBack'), card('incomeProof')],
        received: [receivedFile('tenantId', 'frente.jpg', { identificationType: 'ineSeparada' })],
      }),
    );
    const id = within(await screen.findByRole('article', { name: 'Identificación del inquilino' }));
    expect(id.getByRole('radio', { name: 'INE separada' })).toBeChecked();
    expect(id.getByText('Reverso')).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'INE parte trasera del inquilino' })).not.toBeInTheDocument();
    expect(id.getByText('1 de 2')).toBeInTheDocument();
  });

  it('says it is done when every document is in, and still lets the person change one', async () => {
    renderUpload(makeUpload({ complete: true, received: [receivedFile('tenantId', 'ine.jpg'), receivedFile('incomeProof', 'enero.pdf')] }));
    expect(await screen.findByText(uploadDoneMessage)).toBeInTheDocument();
    expect(screen.getByText('¡Listo! Recibimos todos sus documentos. Puede cerrar esta página.')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(screen.getByText('enero.pdf')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cambiar un documento' }));
    expect(screen.getByRole('article', { name: 'Identificación del inquilino' })).toBeInTheDocument();
  });

  it('says the investigation no longer takes documents and offers no upload', async () => {
    renderUpload(makeUpload({ accepting: false }));
    expect(await screen.findByText('La investigación de esta póliza ya no recibe documentos')).toBeInTheDocument();
    expect(screen.getByLabelText('Elegir archivo: Identificación del inquilino')).toBeDisabled();
  });

  it("a failed load says so, with the server's words, and retries", async () => {
    const tooMany = { status: 429, body: { statusCode: 429, error: 'Too Many Requests', message: publicLinkMessages.tooManyRequests } };
    const net = mockFetch({ [documentsUrl]: [tooMany, { body: makeUpload() }] });
    renderRoute(<UploadView token={token} view={link} />);
    expect(await screen.findByText('No se pudieron cargar sus documentos')).toBeInTheDocument();
    expect(screen.getByText(publicLinkMessages.tooManyRequests)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('article', { name: 'Identificación del inquilino' })).toBeInTheDocument();
    expect(net.callsTo('GET', `/api/public/links/${token}/documents`)).toHaveLength(2);
  });
});
