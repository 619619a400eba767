import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SessionUser } from '@portal/domain';
import { renderRoute } from '@/test/render';
import { mockFetch } from '@/test/fetch-mock';
import { adminUser, agentUser, storeSession } from '@/test/fixtures';
import { notify } from '@/lib/toast';
import { InvestigationResultsPage } from '../pages/investigation-results-page';
import { documentsUrl, folio, makeDocument, makePolicySummary } from './investigation-fixtures';

const tenantId = makeDocument({ id: 1, documentType: 'tenantId', originalFilename: 'Identificación José.pdf', respuesta: 'Legible' });
const income = makeDocument({
  id: 2,
  documentType: 'incomeProof1',
  identificationType: null,
  originalFilename: 'nomina-febrero.pdf',
  size: 1_572_864,
  respuesta: 'Falta el sello',
  respondedAt: '2026-03-06T09:15:00',
  respondedByName: 'Rosa Aprobadora',
});

function renderResults({ routes = {}, user = adminUser }: { routes?: Parameters<typeof mockFetch>[0]; user?: SessionUser } = {}) {
  storeSession(user);
  const net = mockFetch({ [documentsUrl]: { body: [tenantId, income] }, ...routes });
  const state = { policyId: '1', investigationId: folio, policyType: 'basica', guarantorId: '31' };
  const view = renderRoute(<InvestigationResultsPage />, { path: '/policies/results', url: `/policies/results?folio=${folio}`, state });
  return { net, ...view };
}

const card = (name: string) => screen.getByRole('article', { name });
const buttons = () => ({
  approve: screen.getByRole('button', { name: 'Aprobar' }),
  reject: screen.getByRole('button', { name: 'Rechazar' }),
});

beforeEach(() => {
  vi.spyOn(notify, 'success');
  vi.spyOn(notify, 'error');
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('Resultados de investigación (/policies/results)', () => {
  it("spins with 'Cargando documentos...' and keeps Aprobar and Rechazar disabled meanwhile", async () => {
    renderResults({ routes: { [documentsUrl]: () => new Promise(() => {}) } });
    expect(screen.getByRole('heading', { level: 1, name: 'Resultados de investigación' })).toBeInTheDocument();
    expect(await screen.findByRole('status')).toHaveTextContent('Cargando documentos...');
    expect(buttons().approve).toBeDisabled();
    expect(buttons().reject).toBeDisabled();
  });

  it('says there are no documents, with the decision disabled', async () => {
    renderResults({ routes: { [documentsUrl]: { body: [] } } });
    expect(await screen.findByText('No hay documentos disponibles para esta investigación')).toBeInTheDocument();
    expect(buttons().approve).toBeDisabled();
    expect(buttons().reject).toBeDisabled();
  });

  it("a failed load shows 'Error al cargar documentos' and the toast 'Error' / 'No se pudieron cargar los resultados'", async () => {
    renderResults({ routes: { [documentsUrl]: { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'Ocurrió un error interno. Intente nuevamente.' } } } });
    expect(await screen.findByText('Error al cargar documentos')).toBeInTheDocument();
    expect(notify.error).toHaveBeenCalledWith('Error', 'No se pudieron cargar los resultados');
    expect(buttons().approve).toBeDisabled();
  });

  it("lists a card per document: name, 'Tipo:' in Spanish, upload date, size and the answer", async () => {
    renderResults();
    const first = within(await screen.findByRole('article', { name: 'Identificacion_Jose.pdf' }));
    expect(first.getByTestId('document-type')).toHaveTextContent('Tipo: Identificación del inquilino (INE)');
    expect(first.getByText('05 mar 2026 14:30')).toBeInTheDocument();
    expect(first.getByText('240 KB · Subido por Laura Méndez')).toBeInTheDocument();
    const second = within(card('nomina-febrero.pdf'));
    expect(second.getByTestId('document-type')).toHaveTextContent('Tipo: Comprobantes de ingresos (2)');
    expect(second.getByText(/1\.5 MB/)).toBeInTheDocument();
    expect(second.getByText('Respondió Rosa Aprobadora el 06 mar 2026 09:15')).toBeInTheDocument();
    const list = screen.getByRole('region', { name: 'Documentos de la investigación' });
    expect(list).toHaveClass('max-h-[50vh]', 'overflow-y-auto');
    expect(screen.getByText(`Folio de investigación: ${folio}`)).toBeInTheDocument();
  });

  it("says 'Recibido por enlace' and who sent it for a file that came through the person's link", async () => {
    const byLink = makeDocument({ id: 3, documentType: 'utilities', identificationType: null, originalFilename: 'luz.pdf', uploadedByName: '', uploadedVia: 'link', uploadedViaLinkName: 'María López' });
    renderResults({ routes: { [documentsUrl]: { body: [tenantId, byLink] } } });
    const linked = within(await screen.findByRole('article', { name: 'luz.pdf' }));
    expect(linked.getByTestId('received-by-link')).toHaveTextContent('Recibido por enlace · María López');
    expect(linked.queryByText(/Subido por/)).not.toBeInTheDocument();
    expect(within(card('Identificacion_Jose.pdf')).queryByTestId('received-by-link')).not.toBeInTheDocument();
  });

  it('a reviewer edits and saves the answer of a document', async () => {
    const { net } = renderResults({
      routes: { 'PUT /api/files/1/response': { body: { ...tenantId, respuesta: 'Legible y vigente', respondedByName: 'Ana Admin', respondedAt: '2026-03-07T10:00:00' } } },
    });
    const first = within(await screen.findByRole('article', { name: 'Identificacion_Jose.pdf' }));
    const answer = first.getByRole('textbox', { name: 'Respuesta:' });
    const save = first.getByRole('button', { name: 'Guardar respuesta' });
    expect(answer).toHaveValue('Legible');
    expect(save).toBeDisabled();
    const user = userEvent.setup({ delay: null });
    await user.clear(answer);
    await user.type(answer, 'Legible y vigente');
    await user.click(save);
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Respuesta guardada'));
    expect(net.callsTo('PUT', '/api/files/1/response')[0]?.body).toEqual({ respuesta: 'Legible y vigente' });
    expect(net.callsTo('PUT', '/api/files/1/response')[0]?.authorization).toBe('Bearer access-1');
    expect(await first.findByText('Respondió Ana Admin el 07 mar 2026 10:00')).toBeInTheDocument();
    expect(first.getByRole('button', { name: 'Guardar respuesta' })).toBeDisabled();
  });

  it('an agent reads the answers and cannot approve or reject, and is told why', async () => {
    renderResults({ user: agentUser });
    const first = within(await screen.findByRole('article', { name: 'Identificacion_Jose.pdf' }));
    expect(first.queryByRole('textbox')).not.toBeInTheDocument();
    expect(first.queryByRole('button', { name: 'Guardar respuesta' })).not.toBeInTheDocument();
    expect(first.getByTestId('document-response')).toHaveTextContent('Legible');
    expect(buttons().approve).toBeDisabled();
    expect(buttons().reject).toBeDisabled();
    expect(buttons().approve).toHaveAccessibleDescription('Solo un administrador, gerente o aprobador puede aprobar o rechazar la investigación.');
  });

  it('delete asks first, then the card leaves the list with a toast', async () => {
    const { net } = renderResults({ routes: { 'DELETE /api/policy/delete/2': { body: { message: 'El documento se ha eliminado correctamente' } } } });
    await screen.findByRole('article', { name: 'nomina-febrero.pdf' });
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Eliminar documento nomina-febrero.pdf' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Eliminar documento' });
    expect(net.callsTo('DELETE', '/api/policy/delete/2')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'nomina-febrero.pdf' })).not.toBeInTheDocument());
    expect(net.callsTo('DELETE', '/api/policy/delete/2')).toHaveLength(1);
    expect(notify.success).toHaveBeenCalledWith('Documento eliminado', 'El documento se ha eliminado correctamente');
    expect(screen.getByRole('article', { name: 'Identificacion_Jose.pdf' })).toBeInTheDocument();
  });

  it('while deleting the button is disabled; a failure keeps the card and says so', async () => {
    let answer: () => void = () => {};
    renderResults({
      routes: {
        'DELETE /api/policy/delete/1': () =>
          new Promise((resolve) => {
            answer = () => resolve({ status: 409, body: { statusCode: 409, error: 'Conflict', message: 'La investigación ya fue resuelta' } });
          }),
      },
    });
    await screen.findByRole('article', { name: 'Identificacion_Jose.pdf' });
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Eliminar documento Identificacion_Jose.pdf' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Eliminar documento Identificacion_Jose.pdf' })).toBeDisabled());
    answer();
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Error', 'No se pudo eliminar el documento'));
    expect(screen.getByRole('button', { name: 'Eliminar documento Identificacion_Jose.pdf' })).toBeEnabled();
    expect(screen.getByRole('article', { name: 'Identificacion_Jose.pdf' })).toBeInTheDocument();
  });

  it("'Aprobar' asks, listing the missing documents; 'Aprobar de todos modos' sends the reason, toasts and goes to /policies", async () => {
    const { net } = renderResults({
      routes: { [`POST /api/policy/approve/${folio}`]: { body: { policyId: 1, investigationId: folio, status: 'investigation_approved', message: 'Investigación aprobada' } } },
    });
    await screen.findByRole('article', { name: 'Identificacion_Jose.pdf' });
    const user = userEvent.setup({ delay: null });
    await user.click(buttons().approve);
    const dialog = await screen.findByRole('alertdialog', { name: 'Aprobar investigación' });
    // A Básica policy with the INE and one income proof lacks three documents.
    const missing = within(dialog).getByRole('list', { name: 'Documentos faltantes' });
    expect(within(missing).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Carta Laboral',
      'Comprobante de domicilio',
      'Identificación del propietario',
    ]);
    expect(net.callsTo('POST', `/api/policy/approve/${folio}`)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Motivo (opcional)'), 'Carta laboral en camino');
    await user.click(within(dialog).getByRole('button', { name: 'Aprobar de todos modos' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/policies'));
    expect(net.callsTo('POST', `/api/policy/approve/${folio}`).map((call) => call.body)).toEqual([
      { reason: 'Carta laboral en camino', confirmMissing: true },
    ]);
    expect(notify.success).toHaveBeenCalledWith('Documentos aprobados', 'Los documentos han sido aprobados correctamente');
  });

  it("'Aprobar' on a complete file lists nothing, and sends no confirmation nor an empty reason", async () => {
    const complete = [
      tenantId,
      income,
      makeDocument({ id: 3, documentType: 'employmentLetter', identificationType: null, originalFilename: 'carta.pdf' }),
      makeDocument({ id: 4, documentType: 'utilities', identificationType: null, originalFilename: 'luz.pdf' }),
      makeDocument({ id: 5, documentType: 'ownerId', originalFilename: 'ine-propietario.pdf' }),
    ];
    const { net } = renderResults({
      routes: {
        [documentsUrl]: { body: complete },
        [`POST /api/policy/approve/${folio}`]: { body: { policyId: 1, investigationId: folio, status: 'investigation_approved', message: 'x' } },
      },
    });
    await screen.findByRole('article', { name: 'luz.pdf' });
    const user = userEvent.setup({ delay: null });
    await user.click(buttons().approve);
    const dialog = await screen.findByRole('alertdialog', { name: 'Aprobar investigación' });
    expect(within(dialog).queryByRole('list')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Aprobar' }));
    await waitFor(() => expect(net.callsTo('POST', `/api/policy/approve/${folio}`)).toHaveLength(1));
    expect(net.callsTo('POST', `/api/policy/approve/${folio}`)[0]?.body).toEqual({});
  });

  it('asks again with the list the server gives when it knows of missing documents the screen did not', async () => {
    const refusal = {
      status: 409,
      body: {
        statusCode: 409,
        error: 'Conflict',
        message: 'Faltan documentos obligatorios: Carta Laboral. Confirme que desea aprobar la investigación sin ellos.',
        details: [{ field: 'employmentLetter', message: 'Carta Laboral' }],
      },
    };
    const approved = { body: { policyId: 1, investigationId: folio, status: 'investigation_approved', message: 'x' } };
    // Opened by URL (no router state) and the policy not found by folio: nothing known to be missing.
    storeSession(adminUser);
    const net = mockFetch({ [documentsUrl]: { body: [tenantId, income] }, [`POST /api/policy/approve/${folio}`]: [refusal, approved] });
    renderRoute(<InvestigationResultsPage />, { path: '/policies/results', url: `/policies/results?folio=${folio}` });
    await screen.findByRole('article', { name: 'Identificacion_Jose.pdf' });
    const user = userEvent.setup({ delay: null });
    await user.click(buttons().approve);
    const dialog = await screen.findByRole('alertdialog', { name: 'Aprobar investigación' });
    expect(within(dialog).queryByRole('list')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Aprobar' }));
    await waitFor(() => expect(net.callsTo('POST', `/api/policy/approve/${folio}`)).toHaveLength(1));
    expect(notify.error).not.toHaveBeenCalled();
    expect(within(dialog).getByRole('list', { name: 'Documentos faltantes' })).toHaveTextContent('Carta Laboral');
    await user.click(within(dialog).getByRole('button', { name: 'Aprobar de todos modos' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/policies'));
    expect(net.callsTo('POST', `/api/policy/approve/${folio}`)[1]?.body).toMatchObject({ confirmMissing: true });
  });

  it("'Rechazar' asks first; a refused rejection toasts the server's reason and stays", async () => {
    const { net } = renderResults({
      routes: {
        [`POST /api/policy/reject/${folio}`]: {
          status: 409,
          body: { statusCode: 409, error: 'Conflict', message: 'La investigación ya fue resuelta: la póliza está en «Investigación aprobada»' },
        },
      },
    });
    await screen.findByRole('article', { name: 'Identificacion_Jose.pdf' });
    const user = userEvent.setup({ delay: null });
    await user.click(buttons().reject);
    const dialog = await screen.findByRole('alertdialog', { name: 'Rechazar investigación' });
    expect(net.callsTo('POST', `/api/policy/reject/${folio}`)).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Motivo (opcional)'), 'Ingresos insuficientes');
    await user.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith(
        'No se pudieron rechazar los documentos',
        'La investigación ya fue resuelta: la póliza está en «Investigación aprobada»',
      ),
    );
    expect(net.callsTo('POST', `/api/policy/reject/${folio}`).map((call) => call.body)).toEqual([{ reason: 'Ingresos insuficientes' }]);
    expect(screen.getByRole('heading', { level: 1, name: 'Resultados de investigación' })).toBeInTheDocument();
    expect(buttons().reject).toBeEnabled();
  });

  it("a successful rejection toasts 'Documentos rechazados' and goes to /policies", async () => {
    renderResults({
      routes: { [`POST /api/policy/reject/${folio}`]: { body: { policyId: 1, investigationId: folio, status: 'investigation_rejected', message: 'x' } } },
    });
    await screen.findByRole('article', { name: 'Identificacion_Jose.pdf' });
    const user = userEvent.setup({ delay: null });
    await user.click(buttons().reject);
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Rechazar' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/policies'));
    expect(notify.success).toHaveBeenCalledWith('Documentos rechazados', 'Los documentos han sido rechazados correctamente');
  });

  it("'Ver' opens the file in a new tab and 'Descargar' saves it, both fetched with the token", async () => {
    const tab = { opener: {}, closed: false, location: { href: '' }, close: vi.fn() };
    const open = vi.fn(() => tab);
    vi.stubGlobal('open', open);
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:documento');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { net } = renderResults({
      routes: { 'GET /api/files/1/download?disposition=inline': { body: 'pdf' }, 'GET /api/files/1/download': { body: 'pdf' } },
    });
    const first = within(await screen.findByRole('article', { name: 'Identificacion_Jose.pdf' }));
    const user = userEvent.setup({ delay: null });
    await user.click(first.getByRole('button', { name: 'Ver documento Identificacion_Jose.pdf' }));
    await waitFor(() => expect(tab.location.href).toBe('blob:documento'));
    expect(tab.opener).toBeNull();
    expect(net.callsTo('GET', '/api/files/1/download?disposition=inline')[0]?.authorization).toBe('Bearer access-1');

    await user.click(first.getByRole('button', { name: 'Descargar documento Identificacion_Jose.pdf' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('Identificacion_Jose.pdf');
    expect(net.callsTo('GET', '/api/files/1/download')).toHaveLength(1);
  });

  it("without a folio points to 'Seguimiento de Pólizas' and calls nothing", async () => {
    storeSession(adminUser);
    const net = mockFetch({});
    renderRoute(<InvestigationResultsPage />, { path: '/policies/results' });
    expect(await screen.findByText('No se indicó la investigación')).toBeInTheDocument();
    expect(net.calls).toHaveLength(0);
  });

  it("'Volver' and 'Cerrar' both go back one step", async () => {
    const { router } = renderResults();
    await screen.findByRole('article', { name: 'Identificacion_Jose.pdf' });
    await router.navigate('/policies/tracking');
    await router.navigate(`/policies/results?folio=${folio}`);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/policies/tracking'));
    await router.navigate('/policies');
    await router.navigate(`/policies/results?folio=${folio}`);
    await user.click(await screen.findByRole('button', { name: 'Volver' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/policies'));
  });

  it('once decided, says so and offers neither deletions nor a second decision; answers stay editable', async () => {
    const decided = makePolicySummary({ status: 'investigation_approved' });
    renderResults({ routes: { [`GET /api/policy/search?q=${folio}&limit=5`]: { body: { items: [decided], nextCursor: null, total: 1 } } } });
    expect(await screen.findByText(/la póliza está en «Investigación aprobada»\. Sus documentos ya no se pueden cambiar\./)).toBeInTheDocument();
    await screen.findByRole('article', { name: 'nomina-febrero.pdf' });
    expect(screen.queryByRole('button', { name: /^Eliminar documento/ })).not.toBeInTheDocument();
    expect(buttons().approve).toBeDisabled();
    expect(buttons().reject).toBeDisabled();
    expect(within(card('nomina-febrero.pdf')).getByRole('textbox', { name: 'Respuesta:' })).toBeEnabled();
  });
});
