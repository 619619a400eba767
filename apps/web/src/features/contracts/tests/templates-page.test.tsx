import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { claimMessages, contractMessages } from '@portal/domain';
import { renderRoute } from '@/test/render';
import { mockFetch } from '@/test/fetch-mock';
import { adminUser, makeBranch, makeSummary, storeSession } from '@/test/fixtures';
import { TemplatesPage } from '../pages/templates-page';
import { insertAt } from '../components/template-editor';
import { makeTemplate } from './contract-fixtures';

const polanco = makeBranch({ id: 2, name: 'Polanco' });
const v1 = makeTemplate();
const v2 = makeTemplate({ id: 2, version: 2, body: 'Texto vigente {{renta.importe_letra}}', createdByName: 'Ana Admin' });
const defaultLease = { current: v2, isOverride: false, versions: [v2, v1] };

function renderTemplates(routes: Parameters<typeof mockFetch>[0] = {}) {
  storeSession(adminUser);
  const net = mockFetch({
    'GET /api/branches': { body: [polanco] },
    'GET /api/admin/templates/lease': { body: defaultLease },
    ...routes,
  });
  const view = renderRoute(<TemplatesPage />, { path: '/admin/templates' });
  return { net, ...view };
}

const editor = () => screen.getByRole('textbox', { name: /Texto de la plantilla/ });

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('insertAt', () => {
  it('puts {{key}} in place of the selection and the cursor after it', () => {
    expect(insertAt('Hola mundo', 5, 10, 'arrendatario.nombre')).toEqual({ text: 'Hola {{arrendatario.nombre}}', cursor: 28 });
    expect(insertAt('', 0, 0, 'fecha.hoy')).toEqual({ text: '{{fecha.hoy}}', cursor: 13 });
  });
});

describe("'Plantillas de documentos' (/admin/templates)", () => {
  it("has the rent statement's tab: its own fields, the contracts' shared ones, and its tables", async () => {
    const statement = makeTemplate({ kind: 'rent_statement', body: '# ESTADO DE CUENTA\n\n[[meses]]' });
    renderTemplates({ 'GET /api/admin/templates/rent_statement': { body: { current: statement, isOverride: false, versions: [statement] } } });
    await userEvent.setup({ delay: null }).click(screen.getByRole('tab', { name: 'Estado de cuenta' }));
    await waitFor(() => expect(editor()).toHaveValue(statement.body));
    const fields = screen.getByRole('list', { name: 'Campos disponibles' });
    expect(within(fields).getByText('{{estado.saldo}}')).toBeInTheDocument();
    expect(within(fields).getByText('{{arrendador.nombre}}')).toBeInTheDocument();
    expect(within(fields).queryByText('{{pagare.vencimiento}}')).not.toBeInTheDocument();
    expect(within(fields).queryByText('{{obligado.clausula}}')).not.toBeInTheDocument();
    const tables = screen.getByRole('region', { name: 'Tablas (cada marca sola en su línea)' });
    expect(within(tables).getByText('[[meses]]')).toBeInTheDocument();
    expect(within(tables).getByText('[[pagos]]')).toBeInTheDocument();
  });

  it("shows the product's lease text, its version and who saved it, and the lease's fields only", async () => {
    renderTemplates();
    expect(screen.getByRole('heading', { level: 1, name: 'Plantillas de documentos' })).toBeInTheDocument();
    expect(screen.getByText(/borradores para que el abogado de la oficina los revise/)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Contrato de arrendamiento' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText(/Versión 2 · guardada el .* por Ana Admin/)).toBeInTheDocument();
    expect(editor()).toHaveValue(v2.body);
    expect(editor()).toHaveClass('font-mono');
    const fields = screen.getByRole('list', { name: 'Campos disponibles' });
    expect(within(fields).getByText('{{arrendatario.nombre}}')).toBeInTheDocument();
    expect(within(fields).getByText('Nombre de los arrendatarios (todos, unidos con «y»)')).toBeInTheDocument();
    expect(within(fields).queryByText('{{pagare.vencimiento}}')).not.toBeInTheDocument();
    // How a sentence is written only when a field has a value, or has none (issue 29).
    const blocks = screen.getByRole('region', { name: 'Texto según el dato' });
    expect(within(blocks).getByText('{{#si renta.banco}}…{{/si}}')).toBeInTheDocument();
    expect(within(blocks).getByText('El texto entre las marcas aparece solo si el campo tiene valor (ni vacío ni cero).')).toBeInTheDocument();
    expect(within(blocks).getByText('{{#no renta.banco}}…{{/no}}')).toBeInTheDocument();
  });

  it("another kind's tab loads its text and its own fields (the pagaré's)", async () => {
    const notes = makeTemplate({ id: 9, kind: 'promissory_notes', body: 'Pagaré {{pagare.numero}}' });
    const { net } = renderTemplates({ 'GET /api/admin/templates/promissory_notes': { body: { current: notes, isOverride: false, versions: [notes] } } });
    await screen.findByText(/Versión 2 · guardada/);
    await userEvent.setup({ delay: null }).click(screen.getByRole('tab', { name: 'Pagarés' }));
    await waitFor(() => expect(editor()).toHaveValue('Pagaré {{pagare.numero}}'));
    expect(net.callsTo('GET', '/api/admin/templates/promissory_notes')).toHaveLength(1);
    expect(within(screen.getByRole('list', { name: 'Campos disponibles' })).getByText('{{pagare.vencimiento}}')).toBeInTheDocument();
  });

  it('a branch without its own text shows the default with a note, and saving creates its version', async () => {
    const saved = makeTemplate({ id: 20, branchId: 2, version: 1, body: `${v2.body} Cláusula de Polanco.` });
    const { net } = renderTemplates({
      'GET /api/admin/templates/lease?branchId=2': [
        { body: defaultLease },
        { body: { current: saved, isOverride: true, versions: [saved] } },
      ],
      'PUT /api/admin/templates/lease': { status: 201, body: saved },
    });
    const user = userEvent.setup({ delay: null });
    await screen.findByText(/Versión 2 · guardada/);
    await user.selectOptions(screen.getByLabelText('Aplica a'), 'Polanco');
    expect(await screen.findByRole('note')).toHaveTextContent('Esta sucursal usa la plantilla predeterminada del producto.');
    await user.type(editor(), ' Cláusula de Polanco.');
    await user.click(screen.getByRole('button', { name: 'Guardar nueva versión' }));
    await waitFor(() => expect(net.callsTo('PUT', '/api/admin/templates/lease')).toHaveLength(1));
    expect(net.callsTo('PUT', '/api/admin/templates/lease')[0]!.body).toEqual({ branchId: 2, body: saved.body });
    expect(await screen.findByText(/Versión 1 · guardada el/)).toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Guardar nueva versión' })).toBeDisabled();
  });

  it('a field clicked goes in at the cursor', async () => {
    renderTemplates();
    await screen.findByText(/Versión 2 · guardada/);
    const textarea = editor() as HTMLTextAreaElement;
    textarea.focus();
    textarea.setSelectionRange(0, 0);
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: /Insertar Folio de póliza/ }));
    expect(textarea.value).toBe(`{{poliza.folio}}${v2.body}`);
    expect(screen.getByText('Cambios sin guardar')).toBeInTheDocument();
  });

  it("a 400 for an unknown field shows the server's message under the editor", async () => {
    const message = contractMessages.unknownPlaceholder('renta.importe_letras');
    renderTemplates({
      'PUT /api/admin/templates/lease': {
        status: 400,
        body: { statusCode: 400, error: 'Bad Request', message: 'Datos inválidos', details: [{ field: 'body', message }] },
      },
    });
    const user = userEvent.setup({ delay: null });
    await screen.findByText(/Versión 2 · guardada/);
    await user.type(editor(), ' {{{{renta.importe_letras}}');
    await user.click(screen.getByRole('button', { name: 'Guardar nueva versión' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(editor()).toHaveAttribute('aria-invalid', 'true');
  });

  it("lists the versions newest first and loads an older one into the editor", async () => {
    renderTemplates();
    await screen.findByText(/Versión 2 · guardada/);
    const versions = within(screen.getByRole('list', { name: 'Versiones de la plantilla' })).getAllByTestId('template-version');
    expect(versions.map((item) => item.textContent)).toEqual([expect.stringMatching(/^Versión 2Actual/), expect.stringMatching(/^Versión 1/)]);
    expect(within(versions[0]!).queryByRole('button')).not.toBeInTheDocument();
    await userEvent.setup({ delay: null }).click(within(versions[1]!).getByRole('button', { name: 'Cargar en el editor la versión 1' }));
    expect(editor()).toHaveValue(v1.body);
    expect(screen.getByRole('button', { name: 'Guardar nueva versión' })).toBeEnabled();
  });

  it('asks before another tab drops unsaved text', async () => {
    const { net } = renderTemplates({ 'GET /api/admin/templates/policy': { body: { current: makeTemplate({ id: 30, kind: 'policy', body: 'Póliza' }), isOverride: false, versions: [] } } });
    const user = userEvent.setup({ delay: null });
    await screen.findByText(/Versión 2 · guardada/);
    await user.type(editor(), ' cambio');
    await user.click(screen.getByRole('tab', { name: 'Póliza jurídica' }));
    const dialog = await screen.findByRole('alertdialog', { name: '¿Descartar los cambios?' });
    await user.click(within(dialog).getByRole('button', { name: 'Seguir editando' }));
    expect(editor()).toHaveValue(`${v2.body} cambio`);
    expect(net.callsTo('GET', '/api/admin/templates/policy')).toHaveLength(0);

    await user.click(screen.getByRole('tab', { name: 'Póliza jurídica' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Descartar cambios' }));
    await waitFor(() => expect(editor()).toHaveValue('Póliza'));
  });

  it("'Vista previa' sends the editor's text with the chosen policy and shows the PDF", async () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:vista');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const policy = makeSummary({ id: 44, investigationId: 'INV-044', policyNumber: '', tenantNames: ['María López'] });
    const { net } = renderTemplates({
      'GET /api/policy/search?limit=8': { body: { items: [policy], nextCursor: null } },
      'GET /api/policy/search?q=INV&limit=8': { body: { items: [policy], nextCursor: null } },
      'POST /api/admin/templates/lease/preview': { body: '%PDF' },
    });
    const user = userEvent.setup({ delay: null });
    await screen.findByText(/Versión 2 · guardada/);
    expect(screen.getByRole('button', { name: 'Vista previa' })).toBeDisabled();
    await user.type(screen.getByRole('combobox', { name: 'Póliza para la vista previa' }), 'INV');
    await user.click(await screen.findByRole('option', { name: 'INV-044 — María López' }));
    expect(screen.getByTestId('preview-policy')).toHaveTextContent('INV-044 — María López');
    await user.click(screen.getByRole('button', { name: 'Vista previa' }));
    expect(await screen.findByTitle('Vista previa del documento')).toHaveAttribute('src', 'blob:vista');
    expect(net.callsTo('POST', '/api/admin/templates/lease/preview')[0]!.body).toEqual({ branchId: null, body: v2.body, policyId: 44 });
    expect(screen.getByRole('link', { name: 'Abrir en otra pestaña' })).toHaveAttribute('href', 'blob:vista');
  });

  it('a preview of a text naming an unknown field says which', async () => {
    const message = contractMessages.unknownPlaceholder('inquilino.nombre');
    const policy = makeSummary({ id: 44, investigationId: 'INV-044', policyNumber: '', tenantNames: [] });
    renderTemplates({
      'GET /api/policy/search?limit=8': { body: { items: [policy], nextCursor: null } },
      'POST /api/admin/templates/lease/preview': {
        status: 400,
        body: { statusCode: 400, error: 'Bad Request', message: 'Datos inválidos', details: [{ field: 'body', message }] },
      },
    });
    const user = userEvent.setup({ delay: null });
    await screen.findByText(/Versión 2 · guardada/);
    await user.click(screen.getByRole('combobox', { name: 'Póliza para la vista previa' }));
    await user.click(await screen.findByRole('option', { name: 'INV-044' }));
    await user.click(screen.getByRole('button', { name: 'Vista previa' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByTitle('Vista previa del documento')).not.toBeInTheDocument();
  });

  it('shows a load failure with a retry', async () => {
    renderTemplates({
      'GET /api/admin/templates/lease': [
        { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'Ocurrió un error interno' } },
        { body: defaultLease },
      ],
    });
    expect(screen.getByRole('status')).toHaveTextContent('Cargando plantilla...');
    expect(await screen.findByText('Error al cargar la plantilla')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(editor()).toHaveValue(v2.body));
  });
});

describe("the incidencias' templates (issue 33)", () => {
  it("lists the four kinds; a collection letter's tab says it may not imitate a court paper and carries the extrajudicial notice", async () => {
    const demand = makeTemplate({ id: 11, kind: 'payment_demand', body: '# REQUERIMIENTO DE PAGO\n\n{{incidencia.meses}}' });
    renderTemplates({ 'GET /api/admin/templates/payment_demand': { body: { current: demand, isOverride: false, versions: [demand] } } });
    for (const name of ['Requerimiento de pago', 'Carta a obligados solidarios', 'Convenio de pago', 'Resumen para demanda']) expect(screen.getByRole('tab', { name })).toBeInTheDocument();
    await userEvent.setup({ delay: null }).click(screen.getByRole('tab', { name: 'Requerimiento de pago' }));
    await waitFor(() => expect(editor()).toHaveValue(demand.body));
    const fields = screen.getByRole('list', { name: 'Campos disponibles' });
    expect(within(fields).getByText('{{incidencia.meses}}')).toBeInTheDocument();
    expect(within(fields).getByText('{{pagares.lista}}')).toBeInTheDocument();
    expect(within(fields).getByText('{{renta.importe}}')).toBeInTheDocument();
    expect(within(fields).queryByText('{{demanda.hechos}}')).not.toBeInTheDocument();
    const notes = screen.getByRole('region', { name: 'Documento de incidencias' });
    expect(within(notes).getByText(claimMessages.lawyerDraft)).toBeInTheDocument();
    expect(within(notes).getByText(/no puede imitar un documento judicial/)).toBeInTheDocument();
    expect(within(notes).getByText(`El portal agrega al pie de cada página: «${claimMessages.extrajudicialNotice}»`)).toBeInTheDocument();
  });

  it("shows the server's refusal of a court-like word when saving, and the demand summary's own fields", async () => {
    const summary = makeTemplate({ id: 12, kind: 'lawsuit_summary', body: '# RESUMEN PARA DEMANDA\n\n{{demanda.hechos}}' });
    const refusal = { statusCode: 400, error: 'Bad Request', message: 'La solicitud no es válida', details: [{ field: 'body', message: claimMessages.courtImitation('juzgado') }] };
    const demand = makeTemplate({ id: 11, kind: 'guarantor_letter', body: '# CARTA' });
    renderTemplates({
      'GET /api/admin/templates/lawsuit_summary': { body: { current: summary, isOverride: false, versions: [summary] } },
      'GET /api/admin/templates/guarantor_letter': { body: { current: demand, isOverride: false, versions: [demand] } },
      'PUT /api/admin/templates/guarantor_letter': { status: 400, body: refusal },
    });
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('tab', { name: 'Resumen para demanda' }));
    await waitFor(() => expect(editor()).toHaveValue(summary.body));
    expect(within(screen.getByRole('list', { name: 'Campos disponibles' })).getByText('{{demanda.hechos}}')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Documento de incidencias' })).getByText(/puede nombrar el juzgado/)).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Carta a obligados solidarios' }));
    await waitFor(() => expect(editor()).toHaveValue(demand.body));
    fireEvent.change(editor(), { target: { value: '# CARTA\n\nPor orden del juzgado' } });
    await user.click(screen.getByRole('button', { name: 'Guardar nueva versión' }));
    expect(await screen.findByText(claimMessages.courtImitation('juzgado'))).toBeInTheDocument();
  });
});
