import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { renderRoute } from '@/test/render';
import { mockFetch } from '@/test/fetch-mock';
import { agentUser, storeSession } from '@/test/fixtures';
import { mockUploads } from '@/test/xhr-mock';
import { AddendumEditPage } from '../pages/addendum-edit-page';
import { approverUser, itemUrl, makeAddendum, pdf, uploadUrl } from './addendum-fixtures';

const stored = makeAddendum({ id: 3, status: 'active' });

function renderEdit(routes: Parameters<typeof mockFetch>[0] = {}, sessionUser = agentUser) {
  storeSession(sessionUser);
  const net = mockFetch({ [itemUrl(3)]: { body: [stored] }, ...routes });
  const xhr = mockUploads();
  const view = renderRoute(<AddendumEditPage />, { path: '/addendums/:id/edit', url: '/addendums/3/edit' });
  return { net, xhr, ...view };
}

const form = async () => {
  await screen.findByLabelText('Descripción');
};
const uploadButton = () => screen.getByRole('button', { name: 'Subir archivo' });
const picker = () => screen.getByLabelText('Seleccionar archivo del addendum');

beforeEach(() => {
  vi.spyOn(toast, 'success');
  vi.spyOn(toast, 'error');
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('addendum form: Editar Addendum', () => {
  it("shows 'Cargando...', then the addendum read from the item array, its policy locked and its stored file", async () => {
    renderEdit();
    expect(screen.getByRole('heading', { level: 1, name: 'Editar Addendum' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Cargando...');
    await form();
    const policy = screen.getByRole('combobox', { name: 'Póliza' });
    expect(policy).toBeDisabled();
    expect(policy).toHaveDisplayValue('POL-2026-00042 — Mariana Ávila Cortés');
    expect(screen.getByText('La póliza de un addendum no se puede cambiar')).toBeInTheDocument();
    expect(screen.getByLabelText('Descripción')).toHaveValue('Incremento de renta anual');
    expect(screen.getByLabelText('Monto')).toHaveValue(1500.5);
    expect(screen.getByLabelText('Fecha inicial')).toHaveValue('2026-12-01');
    expect(screen.getByLabelText('Fecha final')).toHaveValue('2027-11-30');
    expect(screen.getByLabelText('Estado')).toHaveValue('active');
    expect(screen.getByTestId('stored-file-name')).toHaveTextContent('addendum firmado.pdf');
    expect(screen.getByText('240 KB · 05 mar 2026 14:30')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Descargar' })).toBeEnabled();
  });

  it('sends the update with the same policy, toasts and goes back to /addendums', async () => {
    const { net } = renderEdit({ 'POST /api/addendum/3': { body: { ...stored, description: 'Incremento pactado' } } });
    await form();
    const user = userEvent.setup({ delay: null });
    const description = screen.getByLabelText('Descripción');
    await user.clear(description);
    await user.type(description, 'Incremento pactado');
    await user.click(screen.getByRole('button', { name: 'Guardar Cambios' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/addendums'));
    expect(net.callsTo('POST', '/api/addendum/3')[0]?.body).toEqual({
      policyId: 4,
      description: 'Incremento pactado',
      amount: 1500.5,
      startDate: '2026-12-01',
      endDate: '2027-11-30',
      status: 'active',
    });
    expect(toast.success).toHaveBeenCalledWith('Addendum actualizado correctamente', expect.anything());
  });

  it("'Subir archivo' without a file says 'Por favor seleccione un archivo para subir' and sends nothing", async () => {
    const { xhr } = renderEdit();
    await form();
    await userEvent.setup({ delay: null }).click(uploadButton());
    expect(screen.getByRole('alert')).toHaveTextContent('Por favor seleccione un archivo para subir');
    expect(toast.error).toHaveBeenCalledWith('Por favor seleccione un archivo para subir', expect.anything());
    expect(xhr.uploads).toHaveLength(0);
  });

  it("'Subir archivo' uploads at once with progress and shows the new stored file", async () => {
    const { xhr } = renderEdit();
    await form();
    const user = userEvent.setup({ delay: null });
    await user.upload(picker(), pdf('anexo nuevo.pdf'));
    await user.click(uploadButton());
    await waitFor(() => expect(xhr.uploads).toHaveLength(1));
    const sent = xhr.uploads[0]!;
    expect(sent.path).toBe(uploadUrl(stored));
    await sent.progress(75, 100);
    expect(screen.getByText('Subiendo archivo...')).toBeInTheDocument();
    expect(screen.getByText('75%')).toBeInTheDocument();
    expect(uploadButton()).toBeDisabled();
    await sent.respond(201, {
      ...stored,
      files: [{ originalFilename: 'anexo nuevo.pdf', mimeType: 'application/pdf', size: 2048, uploadedAt: '2026-03-06T09:15:00' }],
    });
    await waitFor(() => expect(screen.getByTestId('stored-file-name')).toHaveTextContent('anexo nuevo.pdf'));
    expect(toast.success).toHaveBeenCalledWith('Archivo subido exitosamente', expect.anything());
    expect(screen.queryByText('Subiendo archivo...')).not.toBeInTheDocument();
    expect(screen.getByText('Ningún archivo seleccionado')).toBeInTheDocument();
    // An upload is not a save: the form stays.
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it("a failed upload toasts 'Error al subir el archivo' with the server's message", async () => {
    const { xhr } = renderEdit();
    await form();
    const user = userEvent.setup({ delay: null });
    await user.upload(picker(), pdf('enorme.pdf'));
    await user.click(uploadButton());
    await waitFor(() => expect(xhr.uploads).toHaveLength(1));
    await xhr.uploads[0]!.respond(413, { statusCode: 413, error: 'Payload Too Large', message: 'El archivo supera el tamaño máximo de 100 MB' });
    expect(toast.error).toHaveBeenCalledWith(
      'Error al subir el archivo',
      expect.objectContaining({ description: 'El archivo supera el tamaño máximo de 100 MB' }),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('El archivo supera el tamaño máximo de 100 MB');
    // The file stays chosen for another try.
    expect(screen.getByText('enorme.pdf')).toBeInTheDocument();
    expect(uploadButton()).toBeEnabled();
  });

  it('a cancelled addendum is shown read-only with a note: no save, no upload, download still there', async () => {
    renderEdit({ [itemUrl(3)]: { body: [{ ...stored, status: 'canceled' }] } });
    await form();
    expect(screen.getByText('El addendum está cancelado: ya no se puede modificar')).toBeInTheDocument();
    for (const label of ['Descripción', 'Monto', 'Fecha inicial', 'Fecha final', 'Estado']) expect(screen.getByLabelText(label)).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Guardar Cambios' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Subir archivo' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Seleccionar archivo del addendum')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Descargar' })).toBeEnabled();
  });

  it('an approver sees the addendum read-only', async () => {
    renderEdit({}, approverUser);
    await form();
    expect(screen.getByText('Solo un administrador, gerente o agente puede crear o modificar addendums.')).toBeInTheDocument();
    expect(screen.getByLabelText('Descripción')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Guardar Cambios' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Subir archivo' })).not.toBeInTheDocument();
  });

  it("a 409 on save shows the server's reason under 'Error al guardar el addendum'", async () => {
    renderEdit({
      'POST /api/addendum/3': {
        status: 409,
        body: { statusCode: 409, error: 'Conflict', message: 'El addendum está cancelado: ya no se puede modificar' },
      },
    });
    await form();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Guardar Cambios' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error al guardar el addendum');
    expect(alert).toHaveTextContent('El addendum está cancelado: ya no se puede modificar');
  });

  it("a missing addendum says 'No se encontró el addendum'", async () => {
    renderEdit({ [itemUrl(3)]: { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'No se encontró el addendum' } } });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getAllByText('No se encontró el addendum').length).toBeGreaterThan(0);
    expect(within(alert).getByRole('link', { name: 'Volver a addendums' })).toHaveAttribute('href', '/addendums');
  });

  it("any other load failure says 'Error al cargar el addendum' with a retry", async () => {
    renderEdit({ [itemUrl(3)]: { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'Falló la consulta' } } });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error al cargar el addendum');
    expect(alert).toHaveTextContent('Falló la consulta');
    expect(toast.error).toHaveBeenCalledWith('Error al cargar el addendum', expect.objectContaining({ description: 'Falló la consulta' }));
    expect(within(alert).getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });
});
