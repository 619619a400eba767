import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { contractMessages, type PolicySummary } from '@portal/domain';
import { renderRoute } from '@/test/render';
import { mockFetch } from '@/test/fetch-mock';
import { adminUser, storeSession } from '@/test/fixtures';
import { notify } from '@/lib/toast';
import { PolicyTrackingPage } from '../pages/policy-tracking-page';
import { makeSummary, onAPhone, page, searchUrl } from './policy-fixtures';

const created = makeSummary({ id: 1, status: 'created', policyType: 'plus' });
const investigating = makeSummary({ id: 6, status: 'investigation' });
const approved = makeSummary({ id: 2, status: 'investigation_approved' });
const contracts = makeSummary({ id: 3, status: 'contracts' });
const signature = makeSummary({ id: 4, status: 'signature' });
const active = makeSummary({ id: 5, status: 'active' });
/** Renewed already: 'Renovar' is not offered again (issue 15). */
const renewed = makeSummary({ id: 7, status: 'expired', renewedToPolicyId: 70 });
const all = [created, investigating, approved, contracts, signature, active, renewed];

function renderTracking(routes: Parameters<typeof mockFetch>[0] = {}, user = adminUser) {
  storeSession(user);
  const net = mockFetch({ [searchUrl()]: { body: page(all) }, ...routes });
  const view = renderRoute(<PolicyTrackingPage />, { path: '/policies/tracking' });
  return { net, ...view };
}

const menuButton = (policy: PolicySummary) => screen.queryByRole('button', { name: `Acciones de la póliza ${policy.investigationId}` });

async function openMenu(policy: PolicySummary) {
  const user = userEvent.setup({ delay: null });
  await user.click(menuButton(policy)!);
  return { user, menu: await screen.findByRole('menu') };
}

describe('policy tracking (/policies/tracking)', () => {
  it('on a phone shows one card per policy, each with its row menu', async () => {
    onAPhone();
    const { net } = renderTracking({ [searchUrl()]: { body: page([approved, renewed]) }, 'POST /api/policy/update/2': { body: {} } });
    const card = await screen.findByRole('article', { name: approved.investigationId });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(card).getByText('Investigación aprobada')).toBeInTheDocument();
    expect(within(card).getByText('Fecha').nextElementSibling).toHaveTextContent('10 feb 2026');
    expect(within(card).getByText('Dirección del Inmueble').nextElementSibling).toHaveTextContent('Av. Reforma 222, Juárez');
    expect(within(screen.getByRole('article', { name: renewed.investigationId })).getByText('Sin acciones')).toBeInTheDocument();

    const { user, menu } = await openMenu(approved);
    await user.click(within(menu).getByRole('menuitem', { name: 'Generar Contratos' }));
    await waitFor(() => expect(net.callsTo('POST', '/api/policy/update/2')[0]?.body).toEqual({ status: 'contracts', userId: 1, branchId: 1 }));
  });

  it('shows the spec columns: folio over policy number, status label, created date', async () => {
    renderTracking({ [searchUrl()]: { body: page([signature]) } });
    await screen.findByText(signature.investigationId);
    expect(screen.getByRole('heading', { level: 1, name: 'Seguimiento de Pólizas' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Folio',
      'Acciones',
      'EstatusTipo Poliza',
      'InquilinoAval',
      'Dirección del InmueblePropietario',
      'Fecha',
    ]);
    const cells = within(screen.getByText(signature.investigationId).closest('tr')!).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent(`${signature.investigationId}Folio de Póliza: ${signature.policyNumber}`);
    expect(cells.slice(2).map((td) => td.textContent)).toEqual([
      'Pendiente de firmaTipo Poliza: Básica',
      'Ana LópezAval: Jorge Ríos',
      'Av. Reforma 222, JuárezPropietario: María Fernández',
      '10 feb 2026',
    ]);
  });

  it('shows the empty text of the spec', async () => {
    renderTracking({ [searchUrl()]: { body: page([]) } });
    expect(await screen.findByText('No se encontraron pólizas con los criterios de búsqueda')).toBeInTheDocument();
  });

  it('the row menu offers the actions of each status, and none for the others', async () => {
    renderTracking();
    await screen.findByText(created.investigationId);
    const expected: Array<[PolicySummary, string[]]> = [
      [created, ['Subir Documentos', 'Mostrar Resultados']],
      // Under investigation its documents stay reachable until the results screen decides.
      [investigating, ['Subir Documentos', 'Mostrar Resultados']],
      [approved, ['Generar Contratos']],
      [contracts, ['Enviar Contratos']],
      [signature, ['Confirmar Firma']],
      [active, ['Renovar']],
    ];
    for (const [policy, items] of expected) {
      const { user, menu } = await openMenu(policy);
      expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(items);
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    }
    expect(menuButton(renewed)).not.toBeInTheDocument();
    expect(within(screen.getByText(renewed.investigationId).closest('tr')!).getByText('Sin acciones')).toBeInTheDocument();
  });

  it("'Renovar' asks first, then creates the renewal and opens its form", async () => {
    const { net, router } = renderTracking({ 'POST /api/policy/5/renew': { status: 201, body: { ...active, id: 55 } } });
    await screen.findByText(active.investigationId);
    const { user, menu } = await openMenu(active);
    await user.click(within(menu).getByRole('menuitem', { name: 'Renovar' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Renovar póliza' });
    expect(dialog).toHaveTextContent('Los documentos no se copian');
    expect(net.callsTo('POST', '/api/policy/5/renew')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Renovar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/policies/55/edit'));
    expect(net.callsTo('POST', '/api/policy/5/renew')).toHaveLength(1);
  });

  it("does not offer 'Renovar' to an approver", async () => {
    renderTracking({}, { ...adminUser, role: 'approver' });
    await screen.findByText(active.investigationId);
    expect(menuButton(active)).not.toBeInTheDocument();
  });

  it('the menu works from the keyboard and sends { status, userId, branchId }, then reloads', async () => {
    let listCalls = 0;
    const { net } = renderTracking({
      [searchUrl()]: () => ({ body: page(listCalls++ === 0 ? all : [created, { ...approved, status: 'contracts' }]) }),
      'POST /api/policy/update/2': { body: {} },
    });
    await screen.findByText(approved.investigationId);
    const user = userEvent.setup({ delay: null });
    menuButton(approved)!.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Generar Contratos' })).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(net.callsTo('POST', '/api/policy/update/2')).toHaveLength(1));
    expect(net.callsTo('POST', '/api/policy/update/2')[0]?.body).toEqual({ status: 'contracts', userId: 1, branchId: 1 });
    await waitFor(() => expect(listCalls).toBe(2));
    expect(await screen.findByRole('button', { name: `Acciones de la póliza ${approved.investigationId}` })).toBeInTheDocument();
  });

  it("'Enviar Contratos' asks first (it may e-mail every signer), then moves contracts to signature (issue 29)", async () => {
    const { net } = renderTracking({ 'POST /api/policy/update/3': { body: {} } });
    await screen.findByText(contracts.investigationId);
    const { user, menu } = await openMenu(contracts);
    await user.click(within(menu).getByRole('menuitem', { name: 'Enviar Contratos' }));
    const dialog = await screen.findByRole('alertdialog', { name: '¿Enviar los contratos?' });
    expect(dialog).toHaveTextContent('cada firmante recibirá ahora por correo su enlace para firmar');
    expect(net.callsTo('POST', '/api/policy/update/3')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(net.callsTo('POST', '/api/policy/update/3')[0]?.body).toEqual({ status: 'signature', userId: 1, branchId: 1 }));
  });

  it("'Subir Documentos' and 'Mostrar Resultados' navigate with the investigation state and ?folio=&from=tracking (a reload keeps it)", async () => {
    const { router } = renderTracking();
    await screen.findByText(created.investigationId);
    const state = { policyId: '1', investigationId: created.investigationId, policyType: 'plus', guarantorId: 31 };
    let { user, menu } = await openMenu(created);
    await user.click(within(menu).getByRole('menuitem', { name: 'Subir Documentos' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/upload-documents'));
    expect(router.state.location.search).toBe(`?folio=${created.investigationId}&from=tracking`);
    expect(router.state.location.state).toEqual(state);

    await router.navigate('/policies/tracking');
    await screen.findByText(created.investigationId);
    ({ user, menu } = await openMenu(created));
    await user.click(within(menu).getByRole('menuitem', { name: 'Mostrar Resultados' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/policies/results'));
    expect(router.state.location.search).toBe(`?folio=${created.investigationId}&from=tracking`);
    expect(router.state.location.state).toEqual(state);
  });

  describe("the 'Confirmar Firma' dialog", () => {
    async function openDialog(routes: Parameters<typeof mockFetch>[0] = {}) {
      const view = renderTracking(routes);
      await screen.findByText(signature.investigationId);
      const { user, menu } = await openMenu(signature);
      await user.click(within(menu).getByRole('menuitem', { name: 'Confirmar Firma' }));
      const dialog = await screen.findByRole('alertdialog', { name: 'Confirmar Firma' });
      return { ...view, user, dialog };
    }

    it('asks the spec question with Cerrar, Cancelar Firma and Confirmar Firma; Cerrar changes nothing', async () => {
      const { net, user, dialog } = await openDialog();
      expect(dialog).toHaveTextContent('¿Se ha completado el proceso de firma de los contratos?');
      expect(within(dialog).getAllByRole('button').map((button) => button.textContent)).toEqual(['Cerrar', 'Cancelar Firma', 'Confirmar Firma']);
      await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
      expect(net.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
      await waitFor(() => expect(menuButton(signature)).toHaveFocus());
    });

    it('Confirmar Firma activates the policy', async () => {
      const { net, user, dialog } = await openDialog({ 'POST /api/policy/update/4': { body: {} } });
      await user.click(within(dialog).getByRole('button', { name: 'Confirmar Firma' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
      expect(net.callsTo('POST', '/api/policy/update/4')[0]?.body).toEqual({ status: 'active', userId: 1, branchId: 1 });
    });

    it('Cancelar Firma cancels it', async () => {
      const { net, user, dialog } = await openDialog({ 'POST /api/policy/update/4': { body: {} } });
      await user.click(within(dialog).getByRole('button', { name: 'Cancelar Firma' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
      expect(net.callsTo('POST', '/api/policy/update/4')[0]?.body).toEqual({ status: 'cancelled', userId: 1, branchId: 1 });
    });
  });

  it("a failed status change shows a short error toast with the server's reason", async () => {
    const error = vi.spyOn(notify, 'error');
    renderTracking({ 'POST /api/policy/update/3': { status: 409, body: { statusCode: 409, error: 'Conflict', message: 'No' } } });
    await screen.findByText(contracts.investigationId);
    const { user, menu } = await openMenu(contracts);
    await user.click(within(menu).getByRole('menuitem', { name: 'Enviar Contratos' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('No se pudo cambiar el estatus', 'No'));
    error.mockRestore();
  });

  it("'Generar Contratos' that the server cannot generate shows why, and the row keeps its status", async () => {
    const error = vi.spyOn(notify, 'error');
    const reason = contractMessages.generationFailed(contractMessages.missingData('CLABE interbancaria'));
    renderTracking({ 'POST /api/policy/update/2': { status: 422, body: { statusCode: 422, error: 'Unprocessable Entity', message: reason } } });
    await screen.findByText(approved.investigationId);
    const { user, menu } = await openMenu(approved);
    await user.click(within(menu).getByRole('menuitem', { name: 'Generar Contratos' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('No se pudo cambiar el estatus', reason));
    expect(within(screen.getByText(approved.investigationId).closest('tr')!).getByText('Investigación aprobada')).toBeInTheDocument();
    error.mockRestore();
  });

  it("the refresh button reloads and says 'Actualizando datos...' meanwhile", async () => {
    let answer: () => void = () => {};
    let listCalls = 0;
    const { net } = renderTracking({
      [searchUrl()]: () =>
        listCalls++ === 0 ? { body: page(all) } : new Promise((resolve) => (answer = () => resolve({ body: page([active]) }))),
    });
    await screen.findByText(created.investigationId);
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Actualizar' }));
    expect(await screen.findByRole('button', { name: 'Actualizando datos...' })).toBeDisabled();
    answer();
    await waitFor(() => expect(screen.queryByText(created.investigationId)).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Actualizar' })).toBeEnabled();
    expect(net.callsTo('GET', '/api/policy/search?limit=25')).toHaveLength(2);
  });

  it('the status filter sends status (tracking labels)', async () => {
    const { net } = renderTracking({ [searchUrl({ status: 'signature' })]: { body: page([signature]) } });
    await screen.findByText(created.investigationId);
    await userEvent.setup({ delay: null }).selectOptions(screen.getByRole('combobox', { name: 'Estatus' }), 'Pendiente de firma');
    await waitFor(() => expect(screen.queryByText(created.investigationId)).not.toBeInTheDocument());
    expect(net.callsTo('GET', '/api/policy/search?status=signature&limit=25')).toHaveLength(1);
  });

  it('a user without a branch gets no list and no call', async () => {
    const { net } = renderTracking({}, { ...adminUser, branchId: null });
    expect(await screen.findByText('Sin sucursal asignada')).toBeInTheDocument();
    expect(net.calls).toHaveLength(0);
  });
});
