import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PolicyType } from '@portal/domain';
import { renderRoute } from '@/test/render';
import { mockFetch } from '@/test/fetch-mock';
import { adminUser, storeSession } from '@/test/fixtures';
import { mockUploads } from '@/test/xhr-mock';
import { uploadPath } from '../api';
import { UploadDocumentsPage } from '../pages/upload-documents-page';
import { documentsUrl, folio, makeDocument, makePolicySummary, pdf } from './investigation-fixtures';

const uploadUrl = (...segments: string[]) => ['/api/files/upload', folio, ...segments].join('/');

interface Options {
  policyType?: PolicyType;
  guarantorId?: number;
  routes?: Parameters<typeof mockFetch>[0];
  /** Opened from a link or a reload: only ?folio=, no router state. */
  withoutState?: boolean;
}

function renderUpload({ policyType = 'basica', guarantorId, routes = {}, withoutState = false }: Options = {}) {
  storeSession(adminUser);
  const net = mockFetch({ [documentsUrl]: { body: [] }, 'GET /api/policy/1/links': { body: { links: [], recipients: [] } }, ...routes });
  const xhr = mockUploads();
  const state = withoutState ? undefined : { policyId: '1', investigationId: folio, policyType, guarantorId };
  const view = renderRoute(<UploadDocumentsPage />, { path: '/upload-documents', url: `/upload-documents?folio=${folio}`, state });
  return { net, xhr, ...view };
}

/** The slots' titles (the 'Enlaces' section below them is not a slot). */
const slotTitles = async () =>
  (await screen.findAllByRole('heading', { level: 2 })).map((heading) => heading.textContent).filter((title) => title !== 'Enlaces');
const row = (documentType: string) => screen.getByTestId(`upload-row-${documentType}`);
const fileInput = (name: string) => screen.getByLabelText(`Seleccionar archivo: ${name}`);

describe('Subir Documentos de Investigación (/upload-documents)', () => {
  it('shows the title, the folio and the slots of a Básica policy with their hints; income proof takes three files', async () => {
    renderUpload();
    expect(await slotTitles()).toEqual([
      'Identificación del inquilino',
      'Comprobantes de ingresos',
      'Carta Laboral',
      'Comprobante de domicilio',
      'Identificación del propietario',
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Subir Documentos de Investigación' })).toBeInTheDocument();
    expect(screen.getByText(`Folio de investigación: ${folio}`)).toBeInTheDocument();
    const income = within(screen.getByRole('region', { name: 'Comprobantes de ingresos' }));
    expect(income.getByText('Últimos 3 recibos de nómina o estados de cuenta')).toBeInTheDocument();
    expect(income.getAllByRole('listitem')).toHaveLength(3);
    for (const name of ['Comprobantes de ingresos (1)', 'Comprobantes de ingresos (2)', 'Comprobantes de ingresos (3)']) {
      expect(fileInput(name)).toHaveAttribute('accept', '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png');
    }
    expect(screen.getByText('Último recibo de luz, agua o predial')).toBeInTheDocument();
    // Identifications ask their type; other documents do not.
    expect(screen.getAllByRole('combobox', { name: 'Tipo de identificación' })).toHaveLength(2);
    expect(within(screen.getByRole('region', { name: 'Carta Laboral' })).queryByRole('combobox')).not.toBeInTheDocument();
  });

  it("offers the policy's links below the slots (issue 17)", async () => {
    renderUpload();
    const links = await screen.findByRole('region', { name: 'Enlaces' });
    expect(await within(links).findByText('Aún no hay enlaces para esta póliza.')).toBeInTheDocument();
  });

  it("asks the guarantor's identification and deed for Plus with a guarantor, and neither without one", async () => {
    renderUpload({ policyType: 'plus', guarantorId: 31 });
    expect(await slotTitles()).toEqual([
      'Identificación del inquilino',
      'Comprobantes de ingresos',
      'Identificación del aval',
      'Escrituras del inmueble en garantía',
      'Identificación del propietario',
    ]);
  });

  it('asks only the identifications and income of a Plus policy without a guarantor', async () => {
    renderUpload({ policyType: 'plus' });
    expect(await slotTitles()).toEqual(['Identificación del inquilino', 'Comprobantes de ingresos', 'Identificación del propietario']);
  });

  it("'INE separada' adds the back side row, uploaded to the back slot with the type", async () => {
    const { xhr } = renderUpload();
    const tenant = within(await screen.findByRole('region', { name: 'Identificación del inquilino' }));
    expect(tenant.getAllByRole('listitem')).toHaveLength(1);
    const user = userEvent.setup({ delay: null });
    await user.selectOptions(tenant.getByRole('combobox', { name: 'Tipo de identificación' }), 'INE separada');
    expect(tenant.getAllByRole('listitem').map((item) => item.querySelector('p')?.textContent)).toEqual(['INE parte frontal', 'INE parte trasera']);

    await user.upload(fileInput('INE parte trasera del inquilino'), pdf('reverso.pdf'));
    await user.click(within(row('tenantIdBack')).getByRole('button', { name: 'Subir' }));
    await waitFor(() => expect(xhr.uploads).toHaveLength(1));
    expect(xhr.uploads[0]?.path).toBe(uploadUrl('tenantIdBack', 'ineSeparada'));
    expect(xhr.uploads[0]?.authorization).toBe('Bearer access-1');
  });

  it('shows the slots already uploaded as done, with the normalised file name and the type they went up as', async () => {
    renderUpload({
      routes: {
        [documentsUrl]: {
          body: [
            makeDocument({ id: 1, documentType: 'tenantId', identificationType: 'pasaporte', originalFilename: 'Pasaporte José.pdf' }),
            makeDocument({ id: 2, documentType: 'incomeProof1', identificationType: null, originalFilename: 'nómina febrero.pdf' }),
          ],
        },
      },
    });
    await screen.findAllByRole('heading', { level: 2 });
    expect(row('tenantId')).toHaveAttribute('data-state', 'success');
    expect(within(row('tenantId')).getByText('Subido')).toBeInTheDocument();
    expect(within(row('tenantId')).getByTestId('uploaded-file-name')).toHaveTextContent('Pasaporte_Jose.pdf');
    expect(screen.getAllByRole('combobox', { name: 'Tipo de identificación' })[0]).toHaveValue('pasaporte');
    expect(row('incomeProof1')).toHaveAttribute('data-state', 'success');
    expect(within(row('incomeProof1')).getByTestId('uploaded-file-name')).toHaveTextContent('nomina_febrero.pdf');
    expect(row('incomeProof')).toHaveAttribute('data-state', 'idle');
    expect(within(row('incomeProof')).getByText('Pendiente')).toBeInTheDocument();
  });

  it('an upload shows its progress, then success', async () => {
    const { xhr } = renderUpload();
    await screen.findAllByRole('heading', { level: 2 });
    const user = userEvent.setup({ delay: null });
    const upload = within(row('incomeProof2')).getByRole('button', { name: 'Subir' });
    expect(upload).toBeDisabled();
    await user.upload(fileInput('Comprobantes de ingresos (3)'), pdf('Recibo marzo.pdf'));
    expect(within(row('incomeProof2')).getByText('Listo para subir')).toBeInTheDocument();
    await user.click(upload);

    await waitFor(() => expect(xhr.uploads).toHaveLength(1));
    const sent = xhr.uploads[0]!;
    expect(sent.path).toBe(uploadUrl('incomeProof2'));
    expect(sent.file?.name).toBe('Recibo marzo.pdf');
    expect(row('incomeProof2')).toHaveAttribute('data-state', 'loading');
    await sent.progress(46_080, 102_400);
    const bar = within(row('incomeProof2')).getByRole('progressbar', { name: 'Enviando Recibo marzo.pdf: 45 KB de 100 KB (45\u00a0%)' });
    expect(bar).toHaveAttribute('aria-valuenow', '45');
    expect(bar).toHaveAttribute('aria-valuetext', '45 KB de 100 KB enviados');
    expect(fileInput('Comprobantes de ingresos (3)')).toBeDisabled();

    await sent.respond(201, makeDocument({ id: 8, documentType: 'incomeProof2', identificationType: null, originalFilename: 'Recibo_marzo.pdf' }));
    expect(row('incomeProof2')).toHaveAttribute('data-state', 'success');
    expect(within(row('incomeProof2')).getByText('Subido')).toBeInTheDocument();
    expect(within(row('incomeProof2')).getByTestId('uploaded-file-name')).toHaveTextContent('Recibo_marzo.pdf');
    expect(within(row('incomeProof2')).queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it("a failed upload shows 'Error' with the server's reason and 'Reintentar', which sends the file again", async () => {
    const { xhr } = renderUpload();
    await screen.findAllByRole('heading', { level: 2 });
    const user = userEvent.setup({ delay: null });
    await user.selectOptions(screen.getAllByRole('combobox', { name: 'Tipo de identificación' })[1]!, 'Pasaporte');
    await user.upload(fileInput('Identificación del propietario'), pdf('pasaporte.pdf'));
    await user.click(within(row('ownerId')).getByRole('button', { name: 'Subir' }));
    await waitFor(() => expect(xhr.uploads).toHaveLength(1));
    expect(xhr.uploads[0]?.path).toBe(uploadUrl('ownerId', 'pasaporte'));
    await xhr.uploads[0]!.respond(415, {
      statusCode: 415,
      error: 'Unsupported Media Type',
      message: 'Tipo de archivo no permitido: solo se aceptan PDF, JPEG o PNG',
    });

    const owner = within(row('ownerId'));
    expect(row('ownerId')).toHaveAttribute('data-state', 'error');
    expect(owner.getByText('Error')).toBeInTheDocument();
    expect(owner.getByRole('alert')).toHaveTextContent('Tipo de archivo no permitido: solo se aceptan PDF, JPEG o PNG');

    await user.click(owner.getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(xhr.uploads).toHaveLength(2));
    expect(xhr.uploads[1]?.file?.name).toBe('pasaporte.pdf');
    await xhr.uploads[1]!.respond(201, makeDocument({ id: 4, documentType: 'ownerId', identificationType: 'pasaporte', originalFilename: 'pasaporte.pdf' }));
    expect(row('ownerId')).toHaveAttribute('data-state', 'success');
    expect(owner.queryByRole('button', { name: 'Reintentar' })).not.toBeInTheDocument();
  });

  it('a dropped connection is tried again by itself after 2 s, the same file, while the row says so', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { xhr } = renderUpload();
    await screen.findAllByRole('heading', { level: 2 });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.upload(fileInput('Carta Laboral'), pdf('carta.pdf'));
    await user.click(within(row('employmentLetter')).getByRole('button', { name: 'Subir' }));
    await waitFor(() => expect(xhr.uploads).toHaveLength(1));
    await xhr.uploads[0]!.fail();
    expect(row('employmentLetter')).toHaveAttribute('data-state', 'loading');
    expect(within(row('employmentLetter')).getByRole('status')).toHaveTextContent('Se interrumpió el envío. Reintento 2 de 4 en 2 s...');
    await act(() => vi.advanceTimersByTimeAsync(2000));
    await waitFor(() => expect(xhr.uploads).toHaveLength(2));
    expect(xhr.uploads[1]!.file?.name).toBe('carta.pdf');
    await xhr.uploads[1]!.respond(201, makeDocument({ id: 9, documentType: 'employmentLetter', identificationType: null, originalFilename: 'carta.pdf' }));
    expect(row('employmentLetter')).toHaveAttribute('data-state', 'success');
  });

  it('choosing another file after an error or a success goes back to idle', async () => {
    const { xhr } = renderUpload();
    await screen.findAllByRole('heading', { level: 2 });
    const user = userEvent.setup({ delay: null });
    await user.upload(fileInput('Carta Laboral'), pdf('carta.pdf'));
    await user.click(within(row('employmentLetter')).getByRole('button', { name: 'Subir' }));
    await waitFor(() => expect(xhr.uploads).toHaveLength(1));
    await xhr.uploads[0]!.respond(400, { statusCode: 400, error: 'Bad Request', message: 'El archivo está vacío' });
    expect(row('employmentLetter')).toHaveAttribute('data-state', 'error');
    await user.upload(fileInput('Carta Laboral'), pdf('carta-firmada.pdf'));
    expect(row('employmentLetter')).toHaveAttribute('data-state', 'idle');
    expect(within(row('employmentLetter')).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('after a reload (only ?folio=) looks the policy up by its folio', async () => {
    const plus = makePolicySummary({ id: 3, investigationId: folio, policyType: 'plus', firstGuarantorId: 31 });
    const other = makePolicySummary({ id: 4, investigationId: `${folio}9`, policyType: 'basica' });
    const { net } = renderUpload({
      withoutState: true,
      routes: { [`GET /api/policy/search?q=${folio}&limit=5`]: { body: { items: [other, plus], nextCursor: null, total: 2 } } },
    });
    expect(await slotTitles()).toContain('Identificación del aval');
    expect(net.callsTo('GET', `/api/policy/search?q=${folio}&limit=5`)).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Mostrar Resultados' })).toHaveAttribute('href', `/policies/results?folio=${folio}`);
  });

  it('says so when the folio matches no policy', async () => {
    renderUpload({
      withoutState: true,
      routes: { [`GET /api/policy/search?q=${folio}&limit=5`]: { body: { items: [], nextCursor: null, total: 0 } } },
    });
    expect(await screen.findByText('No se encontró la investigación')).toBeInTheDocument();
  });

  it("without a folio tells the user to start from 'Seguimiento de Pólizas'", async () => {
    storeSession(adminUser);
    const net = mockFetch({});
    renderRoute(<UploadDocumentsPage />, { path: '/upload-documents' });
    expect(await screen.findByText('No se indicó la investigación')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir a Seguimiento de Pólizas' })).toHaveAttribute('href', '/policies/tracking');
    expect(net.calls).toHaveLength(0);
  });

  it("shows the documents' load error with a retry", async () => {
    renderUpload({
      routes: {
        [documentsUrl]: [
          { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'No se encontró la investigación' } },
          { body: [] },
        ],
      },
    });
    expect(await screen.findByText('Error al cargar documentos')).toBeInTheDocument();
    expect(screen.getByText('No se encontró la investigación')).toBeInTheDocument();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('region', { name: 'Carta Laboral' })).toBeInTheDocument();
  });

  it("'Volver' goes back one step, or to tracking when the screen was opened directly", async () => {
    const { router } = renderUpload();
    await screen.findAllByRole('heading', { level: 2 });
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Volver' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/policies/tracking'));

    await router.navigate('/policies');
    await router.navigate(`/upload-documents?folio=${folio}`, { state: { policyId: '1', investigationId: folio, policyType: 'basica' } });
    await userEvent.setup({ delay: null }).click(await screen.findByRole('button', { name: 'Volver' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/policies'));
  });

  it('encodes every segment of the upload path', () => {
    expect(uploadPath({ folio: 'INV 1/2', documentType: 'tenantId', identificationType: 'ine' })).toBe('/api/files/upload/INV%201%2F2/tenantId/ine');
  });

  it('once the investigation is decided, shows the stored files and takes no new ones', async () => {
    const decided = makePolicySummary({ status: 'investigation_rejected' });
    renderUpload({ routes: { [`GET /api/policy/search?q=${folio}&limit=5`]: { body: { items: [decided], nextCursor: null, total: 1 } } } });
    expect(await screen.findByText(/la póliza está en «Investigación rechazada»/)).toBeInTheDocument();
    expect(fileInput('Carta Laboral')).toBeDisabled();
    expect(within(row('employmentLetter')).getByRole('button', { name: 'Subir' })).toBeDisabled();
    expect(screen.getAllByRole('combobox', { name: 'Tipo de identificación' }).every((select) => (select as HTMLSelectElement).disabled)).toBe(true);
  });
});
