import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute } from '@/test/render';
import { mockFetch } from '@/test/fetch-mock';
import { adminUser, storeSession } from '@/test/fixtures';
import { PoliciesPage } from '../pages/policies-page';
import { makeSummary, onAPhone, page, searchUrl } from './policy-fixtures';

const first = makeSummary({
  id: 1,
  status: 'signature',
  policyType: 'plus',
  tenantNames: ['Ana López', 'Luis Pérez'],
  guarantorNames: ['Jorge Ríos Martínez de la Garza', 'Sofía Hernández Castillo'],
});
const second = makeSummary({ id: 2, deliveryDate: null, guarantorNames: [] });
const third = makeSummary({ id: 3, investigationId: 'INV-01012026-0900-003' });

function renderList(routes: Parameters<typeof mockFetch>[0] = {}, user = adminUser) {
  storeSession(user);
  const net = mockFetch({ [searchUrl()]: { body: page([first, second]) }, ...routes });
  const view = renderRoute(<PoliciesPage />, { path: '/policies' });
  return { net, ...view };
}

const rowOf = (text: string) => screen.getByText(text).closest('tr')!;

describe('policy list (/policies)', () => {
  const originalTz = process.env.TZ;
  afterEach(() => {
    process.env.TZ = originalTz;
  });

  it('shows the spec columns (five on a second line, to fit a laptop), one row per policy and the total', async () => {
    renderList();
    await screen.findByText(first.investigationId);
    expect(screen.getByRole('heading', { level: 1, name: 'Pólizas' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Nueva Póliza/ })).toHaveAttribute('href', '/policies/new');
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Folio de InvestigaciónFolio de Póliza',
      'EstatusTipo Poliza',
      'InquilinoAval',
      'Dirección del InmueblePropietario',
      'Fecha de EntregaVigencia',
      'Acciones',
    ]);
    const cells = within(rowOf(first.investigationId))
      .getAllByRole('cell')
      .map((td) => td.textContent);
    expect(cells).toEqual([
      `${first.investigationId}Folio de Póliza: POL-0001`,
      'Pendiente de firmaTipo Poliza: Plus',
      'Ana López, Luis PérezAval: Jorge Ríos Martínez de la Garza, Sofía Hernández C...',
      'Av. Reforma 222, Juárez, CuauhtémocPropietario: María Fernández',
      '05 mar 2026Vigencia: 05 mar 2026 –04 mar 2027',
      'Editar',
    ]);
    expect(within(rowOf(second.investigationId)).getByRole('link', { name: /Editar/ })).toHaveAttribute('href', '/policies/2/edit');
    expect(screen.getByText('2 pólizas')).toBeInTheDocument();
  });

  it('on a phone shows one card per policy, with the columns as labelled values and its edit link', async () => {
    onAPhone();
    renderList();
    const card = await screen.findByRole('article', { name: first.investigationId });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Pólizas' })).getAllByRole('article')).toHaveLength(2);
    expect(within(card).getByText('Póliza POL-0001')).toBeInTheDocument();
    expect(within(card).getByText('Pendiente de firma')).toBeInTheDocument();
    const value = (label: string) => within(card).getByText(label).nextElementSibling?.textContent;
    expect(value('Inquilino')).toBe('Ana López, Luis Pérez');
    expect(value('Aval')).toBe('Jorge Ríos Martínez de la Garza, Sofía Hernández C...');
    expect(value('Propietario')).toBe('María Fernández');
    expect(value('Fecha de Entrega')).toBe('05 mar 2026');
    expect(value('Dirección del Inmueble')).toBe('Av. Reforma 222, Juárez, Cuauhtémoc');
    expect(within(card).getByRole('link', { name: `Editar póliza ${first.investigationId}` })).toHaveAttribute('href', '/policies/1/edit');
  });

  it('shows the delivery date as the calendar day it is, west of UTC too', async () => {
    process.env.TZ = 'America/Mexico_City';
    // The zone took effect: read as UTC midnight, the date is the day before here.
    expect(new Date('2026-03-01').getDate()).toBe(28);
    renderList({ [searchUrl()]: { body: page([makeSummary({ deliveryDate: '2026-03-01' })]) } });
    expect(await screen.findByText('01 mar 2026')).toBeInTheDocument();
  });

  it("offers a lawyer the list to read, without 'Nueva Póliza' or 'Editar' (issue 33)", async () => {
    renderList({}, { ...adminUser, role: 'lawyer' });
    await screen.findByText(first.investigationId);
    expect(screen.queryByRole('link', { name: /Nueva Póliza/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Editar póliza/ })).not.toBeInTheDocument();
  });

  it('shows a spinner while loading, then the empty text', async () => {
    let answer: (value: { body: unknown }) => void = () => {};
    renderList({ [searchUrl()]: () => new Promise((resolve) => (answer = resolve)) });
    expect(screen.getByRole('status')).toHaveTextContent('Cargando pólizas...');
    answer({ body: page([]) });
    expect(await screen.findByText('No se encontraron pólizas con los criterios seleccionados')).toBeInTheDocument();
  });

  it('searches on the server once typing pauses', async () => {
    const { net } = renderList({ [searchUrl({ q: 'reforma' })]: { body: page([third]) } });
    await screen.findByText(first.investigationId);
    const user = userEvent.setup({ delay: null });
    const box = screen.getByRole('searchbox', { name: 'Buscar pólizas...' });
    await user.type(box, 'reforma');
    expect(box).toHaveValue('reforma');
    expect(await screen.findByText(third.investigationId)).toBeInTheDocument();
    expect(screen.queryByText(first.investigationId)).not.toBeInTheDocument();
    // One call for the whole word, none per keystroke.
    const searches = net.calls.map((call) => call.path).filter((path) => path.startsWith('/api/policy/search'));
    expect(searches).toEqual(['/api/policy/search?limit=25', '/api/policy/search?q=reforma&limit=25']);
  });

  it('the status filter offers the spec labels and sends status', async () => {
    const { net } = renderList({ [searchUrl({ status: 'signature' })]: { body: page([first]) } });
    await screen.findByText(first.investigationId);
    const select = screen.getByRole('combobox', { name: 'Estatus' });
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Todos los estatus',
      'Creada',
      'Investigación',
      'Investigación Aprobada',
      'Investigación Rechazada',
      'Contratos',
      'Firma',
      'Activa',
      'Cancelada',
      'Por Vencer',
      'Vencida',
    ]);
    await userEvent.setup({ delay: null }).selectOptions(select, 'Firma');
    await waitFor(() => expect(screen.queryByText(second.investigationId)).not.toBeInTheDocument());
    expect(net.callsTo('GET', '/api/policy/search?status=signature&limit=25')).toHaveLength(1);
  });

  it("'Cargar más' fetches the next page with the cursor and appends it", async () => {
    const { net } = renderList({
      [searchUrl()]: { body: page([first, second], 'cursor-2', 3) },
      [searchUrl({ cursor: 'cursor-2' })]: { body: page([third], null, 3) },
    });
    await screen.findByText(first.investigationId);
    expect(screen.getByText('3 pólizas')).toBeInTheDocument();
    expect(screen.getByText('Mostrando 2')).toBeInTheDocument();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Cargar más' }));
    expect(await screen.findByText(third.investigationId)).toBeInTheDocument();
    expect(screen.getByText(first.investigationId)).toBeInTheDocument();
    expect(net.callsTo('GET', '/api/policy/search?limit=25&cursor=cursor-2')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Cargar más' })).not.toBeInTheDocument();
  });

  it("a search matching more than 1,000 says 'más de 1,000 pólizas' (the server stops counting there)", async () => {
    renderList({ [searchUrl()]: { body: { ...page([first, second], 'cursor-2', 1000), totalIsCapped: true } } });
    await screen.findByText(first.investigationId);
    expect(screen.getByText('más de 1,000 pólizas')).toBeInTheDocument();
    expect(screen.getByText('Mostrando 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cargar más' })).toBeInTheDocument();
  });

  it('loads the next page when the end of the table scrolls into view', async () => {
    const observers: Array<(entries: Array<{ isIntersecting: boolean }>) => void> = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: (entries: Array<{ isIntersecting: boolean }>) => void) {
          observers.push(callback);
        }
        observe() {}
        disconnect() {}
      },
    );
    const { net } = renderList({
      [searchUrl()]: { body: page([first, second], 'cursor-2', 3) },
      [searchUrl({ cursor: 'cursor-2' })]: { body: page([third], null, 3) },
    });
    await screen.findByText(first.investigationId);
    observers.at(-1)?.([{ isIntersecting: true }]);
    expect(await screen.findByText(third.investigationId)).toBeInTheDocument();
    expect(net.callsTo('GET', '/api/policy/search?limit=25&cursor=cursor-2')).toHaveLength(1);
  });

  it('a 400 shows the error with a retry and keeps the session', async () => {
    let calls = 0;
    renderList({
      [searchUrl()]: () =>
        calls++ === 0 ? { status: 400, body: { statusCode: 400, error: 'Bad Request', message: 'La búsqueda no es válida' } } : { body: page([first]) },
    });
    expect(await screen.findByText('No se pudieron cargar las pólizas')).toBeInTheDocument();
    expect(screen.getByText('La búsqueda no es válida')).toBeInTheDocument();
    expect(localStorage.getItem('auth_token')).toBe('access-1');
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText(first.investigationId)).toBeInTheDocument();
  });

  it('a 500 on the list ends the session (spec section 8)', async () => {
    renderList({ [searchUrl()]: { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'Falló' } } });
    await screen.findByText('No se pudieron cargar las pólizas');
    expect(localStorage.getItem('auth_token')).toBeNull();
  });
});
