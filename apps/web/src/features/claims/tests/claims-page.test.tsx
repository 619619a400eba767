import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '@/test/fetch-mock';
import { adminUser, agentUser, makeBranch, storeSession } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { ClaimsPage } from '../pages/claims-page';
import { claimList, makeClaimSummary, screenWidth } from './claims-page-fixtures';

const missed = makeClaimSummary();
const upcoming = makeClaimSummary({
  id: 43,
  number: 'INC-00043',
  policyId: 8,
  policyFolio: 'POL-2026-00008',
  type: 'property_damage',
  stage: 'extrajudicial',
  stageLabel: 'Gestión extrajudicial',
  tenantNames: 'Luis Gómez',
  amountClaimed: '12000.00',
  assignee: null,
  daysOpen: 1,
  nextDeadline: { id: 301, dueOn: '2027-03-12', description: 'Visita al inmueble', missed: false },
});
const noDeadline = makeClaimSummary({ id: 44, number: 'INC-00044', stage: 'report', stageLabel: 'Reporte', status: 'draft', assignee: { id: 11, name: 'Laura Méndez' }, nextDeadline: null });

function renderPage(url = '/claims', routes: Parameters<typeof mockFetch>[0] = {}, user = agentUser) {
  storeSession(user);
  const net = mockFetch({ 'GET /api/claims?page=1': { body: claimList([missed, upcoming, noDeadline]) }, ...routes });
  const view = renderRoute(<ClaimsPage />, { path: '/claims', url });
  return { net, ...view };
}

const location = (router: ReturnType<typeof renderPage>['router']) => `${router.state.location.pathname}${router.state.location.search}`;

describe("'Incidencias': the list", () => {
  it('shows each case with its policy, type, stage, tenant, amount, assignee, days open and next deadline, the missed one in red with «Vencido»', async () => {
    screenWidth(1366);
    renderPage();
    const link = await screen.findByRole('link', { name: 'INC-00042' });
    expect(link).toHaveAttribute('href', '/claims/42');
    const row = link.closest('tr')!;
    expect(within(row).getByRole('link', { name: 'POL-2026-00007' })).toHaveAttribute('href', '/policies/7');
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'INC-00042POL-2026-00007',
      'Demanda presentadaFalta de pago',
      'Ana Ruiz',
      '$55,500.00',
      'Lic. Marta Solís',
      '64',
      '08 mar 2027VencidoContestación de la demanda',
    ]);
    expect(within(row).getByText('Vencido').closest('[data-missed]')).toHaveClass('text-red-700');
    const next = screen.getByRole('link', { name: 'INC-00043' }).closest('tr')!;
    expect(next).toHaveTextContent('Sin asignar');
    expect(next).toHaveTextContent('12 mar 2027Visita al inmueble');
    expect(within(next).queryByText('Vencido')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'INC-00044' }).closest('tr')).toHaveTextContent('Sin términos');
    expect(screen.getByText('3 incidencias')).toBeInTheDocument();
    // An agent sees their branch: no branch picker, no branch column.
    expect(screen.queryByLabelText('Sucursal')).not.toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Caso / póliza' })).toBeInTheDocument();
  });

  it('shows cards on a 390 px phone, with the same facts', async () => {
    screenWidth(390);
    renderPage();
    const card = await screen.findByTestId('claim-card-42');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'INC-00042' })).toHaveAttribute('href', '/claims/42');
    expect(within(card).getByRole('link', { name: 'POL-2026-00007' })).toHaveAttribute('href', '/policies/7');
    expect(card).toHaveTextContent('Falta de pago · Demanda presentada');
    expect(card).toHaveTextContent('Abierta64 días');
    expect(within(card).getByText('Vencido')).toBeInTheDocument();
    expect(screen.getByTestId('claim-card-43')).toHaveTextContent('Abierta1 día');
  });

  it('reads its filters from the URL and asks the API for them', async () => {
    screenWidth(1366);
    const { net } = renderPage('/claims?tipo=non_payment&etapa=lawsuit&estado=abiertas&abogado=ninguno&terminos=semana&dias=45&pagina=2', {
      'GET /api/claims?type=non_payment&stage=lawsuit&status=open&assignee=none&due=week&minDaysOpen=45&page=2': { body: claimList([missed], { page: 2, total: 51 }) },
    });
    expect(await screen.findByRole('link', { name: 'INC-00042' })).toBeInTheDocument();
    expect(net.calls.map((call) => call.path)).toEqual(['/api/claims?type=non_payment&stage=lawsuit&status=open&assignee=none&due=week&minDaysOpen=45&page=2']);
    expect(screen.getByLabelText('Tipo')).toHaveValue('non_payment');
    expect(screen.getByLabelText('Etapa')).toHaveValue('lawsuit');
    expect(screen.getByLabelText('Estado')).toHaveValue('open');
    expect(screen.getByLabelText('Responsable')).toHaveValue('none');
    expect(screen.getByLabelText('Días abierta')).toHaveValue('45');
    expect(screen.getByLabelText('Términos esta semana')).toBeChecked();
    expect(screen.getByText('Página 2 de 2')).toBeInTheDocument();
  });

  it('filters by type, lawyer and this week’s deadlines, keeping them in the URL from the first page, and says when none match', async () => {
    screenWidth(1366);
    const user = userEvent.setup({ delay: null });
    const { net, router } = renderPage('/claims?pagina=1', {
      'GET /api/claims?type=property_damage&page=1': { body: claimList([upcoming]) },
      'GET /api/claims?type=property_damage&assignee=9&page=1': { body: claimList([]) },
      'GET /api/claims?type=property_damage&assignee=9&due=week&page=1': { body: claimList([]) },
    });
    await screen.findByRole('link', { name: 'INC-00042' });
    // The lawyers offered are those seen in the answers, and 'Sin asignar'.
    expect(within(screen.getByLabelText('Responsable')).getAllByRole('option').map((option) => option.textContent)).toEqual(['Todos', 'Sin asignar', 'Laura Méndez', 'Lic. Marta Solís']);
    await user.selectOptions(screen.getByLabelText('Tipo'), 'Daños al inmueble');
    await waitFor(() => expect(location(router)).toBe('/claims?tipo=property_damage'));
    await screen.findByRole('link', { name: 'INC-00043' });
    await user.selectOptions(screen.getByLabelText('Responsable'), 'Lic. Marta Solís');
    expect(await screen.findByText('No hay incidencias con estos filtros')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Términos esta semana'));
    await waitFor(() => expect(location(router)).toBe('/claims?tipo=property_damage&abogado=9&terminos=semana'));
    await waitFor(() => expect(net.callsTo('GET', '/api/claims?type=property_damage&assignee=9&due=week&page=1')).toHaveLength(1));
    // Lawyers seen before stay offered while their filter hides them.
    expect(within(screen.getByLabelText('Responsable')).getByRole('option', { name: 'Laura Méndez' })).toBeInTheDocument();
  });

  it('pages like the aging report', async () => {
    screenWidth(1366);
    const user = userEvent.setup({ delay: null });
    const { router } = renderPage('/claims', {
      'GET /api/claims?page=1': { body: claimList([missed], { total: 120 }) },
      'GET /api/claims?page=2': { body: claimList([upcoming], { total: 120, page: 2 }) },
    });
    expect(await screen.findByText('Página 1 de 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Anterior' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByRole('link', { name: 'INC-00043' })).toBeInTheDocument();
    expect(location(router)).toBe('/claims?pagina=2');
    expect(screen.getByText('Página 2 de 3')).toBeInTheDocument();
  });

  it('lets an admin choose a branch, and shows each row its branch when all are shown', async () => {
    screenWidth(1366);
    const user = userEvent.setup({ delay: null });
    const { net, router } = renderPage('/claims', { 'GET /api/branches': { body: [makeBranch({ id: 2, name: 'Sucursal Condesa' })] }, 'GET /api/claims?branchId=2&page=1': { body: claimList([upcoming]) } }, adminUser);
    expect(await screen.findByRole('columnheader', { name: 'Caso / póliza / sucursal' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'INC-00042' }).closest('td')).toHaveTextContent('INC-00042POL-2026-00007Sucursal Polanco');
    const branch = screen.getByLabelText('Sucursal');
    expect(branch).toHaveValue('all');
    await user.selectOptions(branch, 'Sucursal Condesa');
    await screen.findByRole('link', { name: 'INC-00043' });
    expect(location(router)).toBe('/claims?sucursal=2');
    expect(net.callsTo('GET', '/api/claims?branchId=2&page=1')).toHaveLength(1);
    expect(screen.getByRole('columnheader', { name: 'Caso / póliza' })).toBeInTheDocument();
  });

  it('ignores a branch in the URL for anyone but an admin (the API scopes them to their own)', async () => {
    screenWidth(1366);
    const { net } = renderPage('/claims?sucursal=2');
    await screen.findByRole('link', { name: 'INC-00042' });
    expect(net.calls.map((call) => call.path)).toEqual(['/api/claims?page=1']);
  });

  it('shows a failure with Reintentar', async () => {
    renderPage('/claims', { 'GET /api/claims?page=1': { status: 500, body: { statusCode: 500, error: 'Internal Server Error', code: 'internal_error', message: 'Ocurrió un error interno. Intente nuevamente.' } } });
    expect(await screen.findByText('Error al cargar las incidencias')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });
});
