import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { renderRoute } from '@/test/render';
import { mockFetch } from '@/test/fetch-mock';
import { agentUser, storeSession } from '@/test/fixtures';
import { mockUploads } from '@/test/xhr-mock';
import { AddendumCreatePage } from '../pages/addendum-create-page';
import {
  activePolicy,
  activePoliciesUrl,
  approverUser,
  makeAddendum,
  pdf,
  policyPage,
  uploadUrl,
} from './addendum-fixtures';

type User = ReturnType<typeof userEvent.setup>;

const mariana = activePolicy();
const jorge = activePolicy({ id: 8, policyNumber: '', investigationId: 'INV-01032026-0900-008', tenantNames: ['Jorge Ríos', 'Ana Ruiz'] });
const saved = makeAddendum({ id: 12, files: [] });

function renderCreate(routes: Parameters<typeof mockFetch>[0] = {}, sessionUser = agentUser) {
  storeSession(sessionUser);
  const net = mockFetch({ [activePoliciesUrl()]: { body: policyPage([mariana, jorge]) }, 'POST /api/addendum': { status: 201, body: saved }, ...routes });
  const xhr = mockUploads();
  const view = renderRoute(<AddendumCreatePage />, { path: '/addendums/new' });
  return { net, xhr, ...view };
}

const policySelect = () => screen.getByRole('combobox', { name: 'Póliza' });
const submit = () => screen.getByRole('button', { name: 'Crear Addendum' });
const errorOf = (label: string) => document.getElementById(`${screen.getByLabelText(label).id}-error`)?.textContent;

async function fillForm(user: User, { amount = '1500.50', start = '2026-12-01', end = '2027-11-30' } = {}) {
  await waitFor(() => expect(policySelect()).toBeEnabled());
  await user.selectOptions(policySelect(), 'POL-2026-00042 — Mariana Ávila Cortés');
  await user.type(screen.getByLabelText('Descripción'), 'Incremento de renta anual');
  await user.type(screen.getByLabelText('Monto'), amount);
  await user.type(screen.getByLabelText('Fecha inicial'), start);
  await user.type(screen.getByLabelText('Fecha final'), end);
}

beforeEach(() => {
  vi.spyOn(toast, 'success');
  vi.spyOn(toast, 'error');
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('addendum form: Crear Nuevo Addendum', () => {
  it("offers the branch's active policies, status Pendiente by default, and the file hint", async () => {
    renderCreate();
    expect(screen.getByRole('heading', { level: 1, name: 'Crear Nuevo Addendum' })).toBeInTheDocument();
    await waitFor(() => expect(policySelect()).toBeEnabled());
    expect(within(policySelect()).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Seleccione una póliza',
      'POL-2026-00042 — Mariana Ávila Cortés',
      'INV-01032026-0900-008 — Jorge Ríos, Ana Ruiz',
    ]);
    const status = screen.getByLabelText('Estado');
    expect(status).toHaveValue('pending');
    expect(within(status).getAllByRole('option').map((option) => option.textContent)).toEqual(['Pendiente', 'Activo', 'Cancelado']);
    expect(screen.getByLabelText('Monto')).toHaveAttribute('min', '0');
    expect(screen.getByLabelText('Monto')).toHaveAttribute('step', '0.01');
    expect(screen.getByLabelText('Fecha inicial')).toHaveAttribute('type', 'date');
    expect(screen.getByText(/Máx\. 100 MB por archivo/)).toBeInTheDocument();
    const picker = screen.getByLabelText('Seleccionar archivo del addendum');
    expect(picker).toHaveAttribute('accept', expect.stringContaining('.pdf,.doc,.docx'));
    // Spec: no upload without a policy.
    expect(picker).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Cancelar' })).toHaveAttribute('href', '/addendums');
  });

  it("filters the active policies on the server and keeps the chosen one while another filter hides it", async () => {
    const { net } = renderCreate({ [activePoliciesUrl('jorge')]: { body: policyPage([jorge]) } });
    const user = userEvent.setup({ delay: null });
    await waitFor(() => expect(policySelect()).toBeEnabled());
    await user.selectOptions(policySelect(), String(mariana.id));
    await user.type(screen.getByRole('searchbox', { name: 'Buscar póliza...' }), 'jorge');
    await waitFor(() => expect(net.callsTo('GET', '/api/policy/search?status=active&q=jorge&limit=25')).toHaveLength(1));
    await waitFor(() => expect(within(policySelect()).getAllByRole('option')).toHaveLength(3));
    expect(policySelect()).toHaveValue(String(mariana.id));
    expect(screen.getByLabelText('Seleccionar archivo del addendum')).toBeEnabled();
  });

  it('shows the shared schema\'s required message under every field', async () => {
    const { net } = renderCreate();
    const user = userEvent.setup({ delay: null });
    await waitFor(() => expect(policySelect()).toBeEnabled());
    await user.click(submit());
    await waitFor(() => expect(errorOf('Descripción')).toBe('El campo Descripción es obligatorio'));
    expect(errorOf('Póliza')).toBe('El campo Póliza es obligatorio');
    expect(errorOf('Monto')).toBe('El campo Monto es obligatorio');
    expect(errorOf('Fecha inicial')).toBe('El campo Fecha inicial es obligatorio');
    expect(errorOf('Fecha final')).toBe('El campo Fecha final es obligatorio');
    expect(net.callsTo('POST', '/api/addendum')).toHaveLength(0);
  });

  it('refuses an amount of zero and a start date after the end date', async () => {
    const { net } = renderCreate();
    const user = userEvent.setup({ delay: null });
    await fillForm(user, { amount: '0', start: '2027-01-10', end: '2026-12-31' });
    await user.click(submit());
    await waitFor(() => expect(errorOf('Monto')).toBe('El monto debe ser mayor a cero'));
    expect(errorOf('Fecha inicial')).toBe('La fecha inicial no puede ser posterior a la fecha final');
    expect(net.callsTo('POST', '/api/addendum')).toHaveLength(0);
  });

  it('sends the body, toasts, and goes back to /addendums', async () => {
    const { net, xhr } = renderCreate();
    const user = userEvent.setup({ delay: null });
    await fillForm(user);
    await user.selectOptions(screen.getByLabelText('Estado'), 'Activo');
    await user.click(submit());
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/addendums'));
    expect(net.callsTo('POST', '/api/addendum')[0]?.body).toEqual({
      policyId: 4,
      description: 'Incremento de renta anual',
      amount: 1500.5,
      startDate: '2026-12-01',
      endDate: '2027-11-30',
      status: 'active',
    });
    expect(net.callsTo('POST', '/api/addendum')[0]?.authorization).toBe('Bearer access-1');
    expect(toast.success).toHaveBeenCalledWith('Addendum creado correctamente', expect.anything());
    expect(xhr.uploads).toHaveLength(0);
  });

  it('uploads the chosen file (only the first) right after creating, with progress, then toasts and navigates', async () => {
    const { xhr } = renderCreate();
    const user = userEvent.setup({ delay: null });
    await fillForm(user);
    await user.upload(screen.getByLabelText('Seleccionar archivo del addendum'), [pdf('anexo firmado.pdf'), pdf('otro.pdf')]);
    expect(screen.getByText('anexo firmado.pdf')).toBeInTheDocument();
    expect(screen.queryByText('otro.pdf')).not.toBeInTheDocument();
    await user.click(submit());

    await waitFor(() => expect(xhr.uploads).toHaveLength(1));
    const sent = xhr.uploads[0]!;
    expect(sent.path).toBe(uploadUrl(saved));
    expect(sent.authorization).toBe('Bearer access-1');
    expect(sent.file?.name).toBe('anexo firmado.pdf');
    await sent.progress(40, 100);
    expect(screen.getByText('Subiendo archivo...')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByText('40%')).toBeInTheDocument();
    // Still on the form while the file goes up.
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();

    await sent.respond(201, { ...saved, files: [{ originalFilename: 'anexo firmado.pdf', mimeType: 'application/pdf', size: 15, uploadedAt: '2026-03-05T14:30:00' }] });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/addendums'));
    expect(toast.success).toHaveBeenCalledWith('Addendum creado correctamente', expect.anything());
    expect(toast.success).toHaveBeenCalledWith('Archivo subido exitosamente', expect.anything());
  });

  it("a failed upload after creating toasts 'Error al subir el archivo' and opens the new addendum's edit screen", async () => {
    const { xhr } = renderCreate();
    const user = userEvent.setup({ delay: null });
    await fillForm(user);
    await user.upload(screen.getByLabelText('Seleccionar archivo del addendum'), pdf());
    await user.click(submit());
    await waitFor(() => expect(xhr.uploads).toHaveLength(1));
    await xhr.uploads[0]!.respond(415, {
      statusCode: 415,
      error: 'Unsupported Media Type',
      message: 'Tipo de archivo no permitido: solo se aceptan PDF, DOC o DOCX',
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/addendums/12/edit'));
    expect(toast.error).toHaveBeenCalledWith(
      'Error al subir el archivo',
      expect.objectContaining({ description: 'Tipo de archivo no permitido: solo se aceptan PDF, DOC o DOCX' }),
    );
  });

  it("a rejected save says 'Error al guardar el addendum' and puts the server's messages under their fields", async () => {
    renderCreate({
      'POST /api/addendum': {
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          message: 'Seleccione una póliza activa de su sucursal',
          details: [{ field: 'policyId', message: 'Seleccione una póliza activa de su sucursal' }],
        },
      },
    });
    const user = userEvent.setup({ delay: null });
    await fillForm(user);
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('Error al guardar el addendum');
    expect(errorOf('Póliza')).toBe('Seleccione una póliza activa de su sucursal');
    expect(toast.error).toHaveBeenCalledWith(
      'Error al guardar el addendum',
      expect.objectContaining({ description: 'Seleccione una póliza activa de su sucursal' }),
    );
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it("says 'Error al cargar las pólizas activas' when the policies cannot be loaded", async () => {
    renderCreate({ [activePoliciesUrl()]: { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'Falló' } } });
    expect(await screen.findByText('Error al cargar las pólizas activas')).toBeInTheDocument();
    expect(toast.error).toHaveBeenCalledWith('Error al cargar las pólizas activas', expect.anything());
    // Not a list call: the session stays.
    expect(localStorage.getItem('auth_token')).toBe('access-1');
  });

  it('an approver sees the form read-only with a note and no save', async () => {
    renderCreate({}, approverUser);
    expect(await screen.findByText('Solo un administrador, gerente o agente puede crear o modificar addendums.')).toBeInTheDocument();
    expect(screen.getByLabelText('Descripción')).toBeDisabled();
    expect(policySelect()).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Crear Addendum' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Seleccionar archivo del addendum')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a addendums' })).toHaveAttribute('href', '/addendums');
  });
});
