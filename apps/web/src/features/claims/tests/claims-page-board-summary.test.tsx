import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { businessDate, type ClaimMonthlySummary } from '@portal/domain';
import { mockFetch } from '@/test/fetch-mock';
import { agentUser, storeSession } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { ClaimsPage } from '../pages/claims-page';
import { claimList, makeClaimSummary, screenWidth } from './claims-page-fixtures';

const inLawsuit = makeClaimSummary();
const inLawsuitToo = makeClaimSummary({ id: 45, number: 'INC-00045', nextDeadline: null, assignee: null });
const negotiating = makeClaimSummary({ id: 43, number: 'INC-00043', stage: 'extrajudicial', stageLabel: 'Cobranza', nextDeadline: { id: 301, dueOn: '2027-03-12', description: 'Visita', missed: false } });

function summary(overrides: Partial<ClaimMonthlySummary> = {}): ClaimMonthlySummary {
  return {
    month: '2027-03',
    rows: [
      { branchId: 1, branchName: 'Sucursal Polanco', opened: 4, closed: 3, closedByResult: { paid: 1, agreement_fulfilled: 0, property_recovered: 2, withdrawn: 0, uncollectible: 0 }, amountRecovered: '74000.00', averageDaysToClose: 97.5 },
      { branchId: 2, branchName: 'Sucursal Condesa', opened: 1, closed: 0, closedByResult: { paid: 0, agreement_fulfilled: 0, property_recovered: 0, withdrawn: 0, uncollectible: 0 }, amountRecovered: '0.00', averageDaysToClose: null },
    ],
    ...overrides,
  };
}

function renderPage(url: string, routes: Parameters<typeof mockFetch>[0] = {}) {
  storeSession(agentUser);
  const net = mockFetch({ 'GET /api/claims?page=1': { body: claimList([inLawsuit, negotiating, inLawsuitToo]) }, ...routes });
  const view = renderRoute(<ClaimsPage />, { path: '/claims', url });
  return { net, ...view };
}

const location = (router: ReturnType<typeof renderPage>['router']) => `${router.state.location.pathname}${router.state.location.search}`;

afterEach(() => {
  vi.restoreAllMocks();
});

describe("'Incidencias': the board", () => {
  it("shows one column per stage, in order and named as the server names them, and 'Lista' / 'Tablero' stays in the URL with the filters", async () => {
    screenWidth(1366);
    const user = userEvent.setup({ delay: null });
    const { router } = renderPage('/claims?tipo=non_payment', { 'GET /api/claims?type=non_payment&page=1': { body: claimList([inLawsuit, negotiating, inLawsuitToo]) } });
    await screen.findByRole('link', { name: 'INC-00042' });
    expect(screen.getByRole('button', { name: 'Lista' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Tablero' }));
    expect(location(router)).toBe('/claims?tipo=non_payment&vista=tablero');
    const board = screen.getByRole('region', { name: 'Tablero por etapa' });
    const columns = within(board).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(columns).toEqual(['Reporte0', 'Validación0', 'Cobranza1', 'Convenio de pago0', 'Demanda presentada2', 'Sentencia0', 'Ejecución / Lanzamiento0', 'Cerrada0']);
    const lawsuit = screen.getByTestId('board-column-lawsuit');
    expect(within(lawsuit).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/claims/42', '/claims/45']);
    const card = within(lawsuit).getByRole('link', { name: /INC-00042/ });
    expect(card).toHaveTextContent('VencidoContestación de la demanda');
    expect(card).toHaveClass('border-red-300');
    // The stage filter offers the server's names too.
    expect(within(screen.getByLabelText('Etapa')).getByRole('option', { name: 'Cobranza' })).toHaveValue('extrajudicial');
    await user.click(screen.getByRole('button', { name: 'Lista' }));
    expect(location(router)).toBe('/claims?tipo=non_payment');
    expect(screen.getByRole('table')).toBeInTheDocument();
  });

  it('opens on the board from a shared link, and says when no case matches', async () => {
    renderPage('/claims?vista=tablero&etapa=judgment', { 'GET /api/claims?stage=judgment&page=1': { body: claimList([]) } });
    expect(await screen.findByText('No hay incidencias con estos filtros')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tablero' })).toHaveAttribute('aria-pressed', 'true');
  });
});

describe("'Incidencias': exports", () => {
  it('exports every page with the filters shown, as CSV or XLSX', async () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:export');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { net } = renderPage('/claims?estado=activas&pagina=2', {
      'GET /api/claims?status=active&page=2': { body: claimList([inLawsuit], { page: 2, total: 60 }) },
      'GET /api/claims?status=active&format=xlsx': { body: 'xlsx' },
    });
    await screen.findByRole('link', { name: 'INC-00042' });
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Exportar XLSX' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe(`incidencias_${businessDate()}.xlsx`);
    expect(net.callsTo('GET', '/api/claims?status=active&format=xlsx')).toHaveLength(1);
  });
});

describe("'Incidencias': 'Resumen mensual'", () => {
  it("starts on this month in Mexico City and shows per branch the cases opened, closed by result, recovered and the average days to close ('—' when none closed)", async () => {
    const month = businessDate().slice(0, 7);
    const user = userEvent.setup({ delay: null });
    const { router } = renderPage('/claims', { [`GET /api/claims/summary?month=${month}`]: { body: summary({ month }) } });
    await screen.findByRole('link', { name: 'INC-00042' });
    await user.click(screen.getByRole('button', { name: 'Resumen mensual' }));
    expect(location(router)).toBe('/claims?pestana=resumen');
    expect(screen.getByLabelText('Mes')).toHaveValue(month);
    const table = await screen.findByRole('table', { name: `Resumen mensual ${month}` });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Sucursal',
      'Abiertas',
      'Cerradas',
      'Pagado',
      'Convenio cumplido',
      'Inmueble recuperado',
      'Desistimiento',
      'Incobrable',
      'Monto recuperado',
      'Días promedio para cerrar',
    ]);
    const [polanco, condesa] = within(table).getAllByRole('row').slice(1);
    expect(within(polanco!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Sucursal Polanco', '4', '3', '1', '0', '2', '0', '0', '$74,000.00', '97.5']);
    expect(within(condesa!).getAllByRole('cell').at(-1)).toHaveTextContent('—');
    // The list's exports give way to the summary's.
    expect(screen.getAllByRole('button', { name: 'Exportar CSV' })).toHaveLength(1);
  });

  it('asks for the month chosen, keeps it in the URL and exports it', async () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:export');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { net, router } = renderPage('/claims?pestana=resumen&mes=2027-03', {
      'GET /api/claims/summary?month=2027-03': { body: summary() },
      'GET /api/claims/summary?month=2027-02': { body: summary({ month: '2027-02', rows: [] }) },
      'GET /api/claims/summary?month=2027-02&format=csv': { body: 'csv' },
    });
    expect(await screen.findByRole('table', { name: 'Resumen mensual 2027-03' })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Mes'), { target: { value: '2027-02' } });
    expect(await screen.findByText('Sin incidencias en este mes')).toBeInTheDocument();
    expect(location(router)).toBe('/claims?pestana=resumen&mes=2027-02');
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Exportar CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('resumen_incidencias_2027-02.csv');
    expect(net.callsTo('GET', '/api/claims/summary?month=2027-02&format=csv')).toHaveLength(1);
    // The list is not asked for while the summary is shown.
    expect(net.callsTo('GET', '/api/claims?page=1')).toHaveLength(0);
  });

  it('says how to write a month it cannot read, and asks for nothing', async () => {
    const { net } = renderPage('/claims?pestana=resumen&mes=2027-13');
    expect(await screen.findByText('Escriba el mes con la forma AAAA-MM.')).toBeInTheDocument();
    expect(net.calls).toHaveLength(0);
  });
});
