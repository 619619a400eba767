import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { renderRoute } from '@/test/render';
import { mockFetch } from '@/test/fetch-mock';
import { agentUser, storeSession } from '@/test/fixtures';
import { AddendumsPage } from '../pages/addendums-page';
import { approverUser, makeAddendum, page, searchUrl } from './addendum-fixtures';

const first = makeAddendum({ id: 1, status: 'active', amount: 18500 });
const second = makeAddendum({
  id: 2,
  policyNumber: 'POL-2026-00077',
  clientName: 'Jorge Ríos',
  description: 'Cambio de aval',
  amount: 1500.5,
  startDate: '2026-03-01',
  endDate: '2026-04-15',
  status: 'pending',
  files: [],
});
const third = makeAddendum({ id: 3, policyNumber: 'POL-2026-00099', description: 'Renovación', status: 'canceled' });

function renderList(routes: Parameters<typeof mockFetch>[0] = {}, user = agentUser) {
  storeSession(user);
  const net = mockFetch({ [searchUrl()]: { body: page([first, second]) }, ...routes });
  const view = renderRoute(<AddendumsPage />, { path: '/addendums' });
  return { net, ...view };
}

const rowOf = (id: number) => screen.getByTestId(`addendum-row-${id}`);

beforeEach(() => {
  vi.spyOn(toast, 'error');
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('addendum list (/addendums)', () => {
  it("shows the spec's columns, amounts in pesos, both dates in Spanish and the status labels", async () => {
    renderList();
    await screen.findByTestId('addendum-row-1');
    expect(screen.getByRole('heading', { level: 1, name: 'Addendums' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Nuevo Addendum/ })).toHaveAttribute('href', '/addendums/new');
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Póliza',
      'Descripción',
      'Monto',
      'Vigencia',
      'Estado',
      'Acciones',
    ]);
    const cells = (id: number) =>
      within(rowOf(id))
        .getAllByRole('cell')
        .map((td) => td.textContent);
    expect(cells(1)).toEqual([
      'POL-2026-00042Mariana Ávila Cortés',
      'Incremento de renta anual',
      '$18,500.00',
      '01 dic 2026 – 30 nov 2027',
      'Activo',
      'EditarDescargar',
    ]);
    expect(cells(2)).toEqual(['POL-2026-00077Jorge Ríos', 'Cambio de aval', '$1,500.50', '01 mar 2026 – 15 abr 2026', 'Pendiente', 'EditarSin archivo']);
    expect(within(rowOf(1)).getByRole('link', { name: 'Editar' })).toHaveAttribute('href', '/addendums/1/edit');
    expect(screen.getByText('2 addendums')).toBeInTheDocument();
  });

  it("'Descargar' is replaced by a disabled 'Sin archivo' without a file; 'Cancelado' for a cancelled one", async () => {
    renderList({ [searchUrl()]: { body: page([first, second, third]) } });
    await screen.findByTestId('addendum-row-1');
    expect(within(rowOf(1)).getByRole('button', { name: 'Descargar' })).toBeEnabled();
    // The disabled button says why, in its name (read by screen readers too).
    expect(within(rowOf(2)).getByRole('button', { name: 'Sin archivo' })).toBeDisabled();
    expect(within(rowOf(2)).queryByRole('button', { name: 'Descargar' })).not.toBeInTheDocument();
    expect(within(rowOf(3)).getByText('Cancelado')).toBeInTheDocument();
  });

  it("filters by 'Estado' on the server, kept in the URL, and 'Todos' shows every status again", async () => {
    const { net, router } = renderList({ [searchUrl({ status: 'active' })]: { body: page([first]) } });
    await screen.findByText('2 addendums');
    const user = userEvent.setup({ delay: null });
    const status = screen.getByLabelText('Estado');
    expect(within(status).getAllByRole('option').map((option) => option.textContent)).toEqual(['Todos', 'Pendiente', 'Activo', 'Cancelado']);
    await user.selectOptions(status, 'active');
    expect(await screen.findByText('1 addendum')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?estado=active');
    expect(net.callsTo('GET', '/api/addendum/search?status=active&limit=25')).toHaveLength(1);
    await user.selectOptions(status, '');
    expect(await screen.findByText('2 addendums')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it("'Descargar' fetches the file with the token and saves it as addendum_{policyId} with its extension", async () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:addendum');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const word = makeAddendum({
      id: 5,
      policyId: 9,
      files: [{ originalFilename: 'anexo.docx', mimeType: 'application/octet-stream', size: 10, uploadedAt: '2026-03-05T14:30:00' }],
    });
    const { net } = renderList({
      [searchUrl()]: { body: page([first, word]) },
      'GET /api/addendum/download-file/1': { body: 'pdf' },
      'GET /api/addendum/download-file/5': { body: 'docx' },
    });
    await screen.findByTestId('addendum-row-1');
    const user = userEvent.setup({ delay: null });
    await user.click(within(rowOf(1)).getByRole('button', { name: 'Descargar' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('addendum_4.pdf');
    expect(net.callsTo('GET', '/api/addendum/download-file/1')[0]?.authorization).toBe('Bearer access-1');
    await user.click(within(rowOf(5)).getByRole('button', { name: 'Descargar' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(2));
    expect((click.mock.contexts[1] as HTMLAnchorElement).download).toBe('addendum_9.docx');
  });

  it("a failed download says 'Error al descargar el archivo'", async () => {
    renderList({ 'GET /api/addendum/download-file/1': { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Este addendum no tiene archivo' } } });
    await screen.findByTestId('addendum-row-1');
    await userEvent.setup({ delay: null }).click(within(rowOf(1)).getByRole('button', { name: 'Descargar' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Error al descargar el archivo', expect.objectContaining({ description: 'Este addendum no tiene archivo' })),
    );
  });

  it("shows 'Cargando...' while loading, then the empty text", async () => {
    let answer: (value: { body: unknown }) => void = () => {};
    renderList({ [searchUrl()]: () => new Promise((resolve) => (answer = resolve)) });
    expect(screen.getByRole('status')).toHaveTextContent('Cargando...');
    answer({ body: page([]) });
    expect(await screen.findByText('No se encontraron addendums')).toBeInTheDocument();
  });

  it('searches on the server (policy, client, description) once typing pauses', async () => {
    const { net } = renderList({ [searchUrl({ q: 'renovación' })]: { body: page([third]) } });
    await screen.findByTestId('addendum-row-1');
    const box = screen.getByRole('searchbox', { name: 'Buscar por póliza, cliente o descripción...' });
    await userEvent.setup({ delay: null }).type(box, 'renovación');
    expect(await screen.findByTestId('addendum-row-3')).toBeInTheDocument();
    expect(screen.queryByTestId('addendum-row-1')).not.toBeInTheDocument();
    expect(net.calls.map((call) => call.path)).toEqual([
      '/api/addendum/search?limit=25',
      `/api/addendum/search?q=${encodeURIComponent('renovación')}&limit=25`,
    ]);
  });

  it("'Cargar más' fetches the next page with the cursor and appends it", async () => {
    const { net } = renderList({
      [searchUrl()]: { body: page([first, second], 'cursor-2', 3) },
      [searchUrl({ cursor: 'cursor-2' })]: { body: page([third], null, 3) },
    });
    await screen.findByTestId('addendum-row-1');
    expect(screen.getByText('Mostrando 2')).toBeInTheDocument();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Cargar más' }));
    expect(await screen.findByTestId('addendum-row-3')).toBeInTheDocument();
    expect(net.callsTo('GET', '/api/addendum/search?limit=25&cursor=cursor-2')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Cargar más' })).not.toBeInTheDocument();
  });

  it("a failed load says 'Error al cargar los addendums' with a retry, and keeps the session on a 400", async () => {
    let calls = 0;
    renderList({
      [searchUrl()]: () =>
        calls++ === 0 ? { status: 400, body: { statusCode: 400, error: 'Bad Request', message: 'La búsqueda no es válida' } } : { body: page([first]) },
    });
    expect(await screen.findByText('Error al cargar los addendums')).toBeInTheDocument();
    expect(screen.getByText('La búsqueda no es válida')).toBeInTheDocument();
    expect(toast.error).toHaveBeenCalledWith('Error al cargar los addendums', expect.objectContaining({ description: 'La búsqueda no es válida' }));
    expect(localStorage.getItem('auth_token')).toBe('access-1');
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByTestId('addendum-row-1')).toBeInTheDocument();
  });

  it('a 500 on the list ends the session (spec section 8)', async () => {
    renderList({ [searchUrl()]: { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'Falló' } } });
    await screen.findByText('Error al cargar los addendums');
    expect(localStorage.getItem('auth_token')).toBeNull();
  });

  it("an approver sees the list without 'Nuevo Addendum'", async () => {
    renderList({}, approverUser);
    await screen.findByTestId('addendum-row-1');
    expect(screen.queryByRole('link', { name: /Nuevo Addendum/ })).not.toBeInTheDocument();
  });

  it('on a phone shows one card per addendum with its values and actions', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: !query.includes('min-width'),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    renderList();
    const card = await screen.findByRole('article', { name: 'POL-2026-00077' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const value = (label: string) => within(card).getByText(label).nextElementSibling?.textContent;
    expect(value('Monto')).toBe('$1,500.50');
    expect(value('Vigencia')).toBe('01 mar 2026 – 15 abr 2026');
    expect(within(card).getByText('Pendiente')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Sin archivo' })).toBeDisabled();
  });
});
