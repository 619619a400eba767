import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import type { Lead } from '@portal/domain';
import { makeLead, renderBoard } from './lead-fixtures';

beforeEach(() => {
  vi.spyOn(toast, 'error');
  vi.spyOn(toast, 'success');
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("lead dialog ('Nuevo Lead' / 'Editar Lead')", () => {
  it('requires the name, then creates the lead with its fields and toasts it', { timeout: 15_000 }, async () => {
    let leads: Lead[] = [];
    const { net } = renderBoard([], {
      'GET /api/leads': () => ({ body: leads }),
      'POST /api/leads': ({ body }) => {
        const lead = makeLead({ ...(body as Partial<Lead>), id: 30, notes: '["Busca casa en Roma"]', status: 'cotizacion' });
        leads = [lead];
        return { status: 201, body: lead };
      },
    });
    await screen.findByText('0 leads');
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Nuevo Lead' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo Lead' });
    const form = within(dialog);
    expect(within(form.getByLabelText('Fuente')).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Seleccione una fuente',
      'Facebook',
      'Instagram',
      'WhatsApp',
      'Sitio Web',
      'Referido',
      'Otro',
    ]);
    expect(within(form.getByLabelText('Tipo de gateway')).getAllByRole('option').map((option) => option.textContent)).toEqual(['El de la sucursal', 'Evolution API v2', 'WAHA']);
    await user.click(form.getByRole('button', { name: 'Crear' }));
    expect(await form.findByText('El campo Nombre es obligatorio')).toBeInTheDocument();
    expect(net.callsTo('POST', '/api/leads')).toHaveLength(0);

    await user.type(form.getByLabelText('Nombre'), 'Mariana Ávila');
    await user.type(form.getByLabelText('Teléfono'), '5512345678');
    await user.type(form.getByLabelText('WhatsApp'), '5598765432');
    await user.type(form.getByLabelText('Correo electrónico'), 'Mariana@Correo.mx');
    await user.selectOptions(form.getByLabelText('Fuente'), 'Referido');
    await user.type(form.getByLabelText('Servidor'), 'srv-1');
    await user.selectOptions(form.getByLabelText('Tipo de gateway'), 'WAHA');
    await user.type(form.getByLabelText('Instancia o sesión'), 'default');
    await user.type(form.getByLabelText('API Key'), 'key-123');
    await user.type(form.getByLabelText('Notas'), 'Busca casa en Roma');
    await user.click(form.getByRole('button', { name: 'Crear' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(net.callsTo('POST', '/api/leads')[0]?.body).toEqual({
      name: 'Mariana Ávila',
      // Sent as the API stores them (E.164, Mexico by default).
      phone: '+525512345678',
      phonewhats: '+525598765432',
      email: 'mariana@correo.mx',
      source: 'Referido',
      server: 'srv-1',
      apikey: 'key-123',
      gatewayKind: 'waha',
      gatewayInstance: 'default',
      notes: 'Busca casa en Roma',
      followUpDate: null,
    });
    expect(toast.success).toHaveBeenCalledWith('Lead creado', expect.objectContaining({ description: 'Mariana Ávila ha sido creado correctamente' }));
    expect(within(screen.getByRole('region', { name: 'Cotización' })).getByTestId('lead-card-30')).toBeInTheDocument();
    expect(screen.getByText('1 lead')).toBeInTheDocument();
  });

  it('edits a lead: its values filled in, notes only shown, POST /api/leads/update/{id}, toast', async () => {
    let lead = makeLead({ id: 7, name: 'Jorge Ríos', phone: '5511112222', phonewhats: '', source: 'Facebook', server: 's', apikey: 'k', notes: '["Primera nota"]' });
    const { net } = renderBoard([], {
      'GET /api/leads': () => ({ body: [lead] }),
      'POST /api/leads/update/7': ({ body }) => {
        lead = { ...lead, ...(body as Partial<Lead>), notes: lead.notes };
        return { body: lead };
      },
    });
    await screen.findByTestId('lead-card-7');
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Editar lead Jorge Ríos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Lead' });
    const form = within(dialog);
    expect(form.getByLabelText('Nombre')).toHaveValue('Jorge Ríos');
    expect(form.getByLabelText('Teléfono')).toHaveValue('55 1111 2222');
    expect(form.getByLabelText('Fuente')).toHaveValue('Facebook');
    expect(form.queryByRole('textbox', { name: 'Notas' })).not.toBeInTheDocument();
    expect(form.getByRole('region', { name: 'Notas' })).toHaveTextContent('Primera nota');

    await user.clear(form.getByLabelText('Nombre'));
    await user.type(form.getByLabelText('Nombre'), 'Jorge Ríos Paz');
    await user.click(form.getByRole('button', { name: 'Actualizar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(net.callsTo('POST', '/api/leads/update/7')[0]?.body).toMatchObject({ name: 'Jorge Ríos Paz', phone: '+525511112222', source: 'Facebook', server: 's', apikey: 'k' });
    expect(toast.success).toHaveBeenCalledWith('Lead actualizado', expect.objectContaining({ description: 'Jorge Ríos Paz ha sido actualizado correctamente' }));
    expect(screen.getByRole('heading', { level: 3, name: 'Jorge Ríos Paz' })).toBeInTheDocument();
  });

  it("keeps the dialog open with the server's message under the field and the spec error toast", async () => {
    renderBoard([], {
      'POST /api/leads': {
        status: 400,
        body: { statusCode: 400, error: 'Bad Request', message: 'Datos inválidos', details: [{ field: 'name', message: 'El campo Nombre es obligatorio' }] },
      },
    });
    await screen.findByText('0 leads');
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Nuevo Lead' }));
    const form = within(await screen.findByRole('dialog', { name: 'Nuevo Lead' }));
    await user.type(form.getByLabelText('Nombre'), 'Ana');
    await user.click(form.getByRole('button', { name: 'Crear' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Error', expect.objectContaining({ description: 'No se pudo guardar el lead' })));
    expect(form.getByText('El campo Nombre es obligatorio')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Nuevo Lead' })).toBeInTheDocument();
  });

  async function submitNewLead() {
    await screen.findByText('0 leads');
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Nuevo Lead' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo Lead' });
    await user.type(within(dialog).getByLabelText('Nombre'), 'Ana');
    await user.click(within(dialog).getByRole('button', { name: 'Crear' }));
    return dialog;
  }

  it('a 400 naming a field is told once, under that field (no alert), plus the spec toast', async () => {
    const message = 'El campo Nombre es obligatorio';
    renderBoard([], {
      'POST /api/leads': { status: 400, body: { statusCode: 400, error: 'Bad Request', message: 'Datos inválidos', details: [{ field: 'name', message }] } },
    });
    const dialog = await submitNewLead();
    const name = within(dialog).getByLabelText('Nombre');
    await waitFor(() => expect(name).toHaveAccessibleDescription(message));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveFocus();
    expect(within(dialog).getAllByText(message)).toHaveLength(1);
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(toast.error).toHaveBeenCalledTimes(1);
    expect(toast.error).toHaveBeenCalledWith('Error', expect.objectContaining({ description: 'No se pudo guardar el lead' }));
  });

  it('a 500 shows the alert once in the dialog, with the reason, plus the spec toast', async () => {
    const message = 'Ocurrió un error interno. Intente nuevamente.';
    renderBoard([], { 'POST /api/leads': { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message } } });
    const dialog = await submitNewLead();
    const alert = await within(dialog).findByRole('alert');
    expect(within(dialog).getAllByRole('alert')).toHaveLength(1);
    expect(alert).toHaveTextContent('No se pudo guardar el lead');
    expect(alert).toHaveTextContent(message);
    expect(within(dialog).getAllByText(message)).toHaveLength(1);
    expect(within(dialog).getByLabelText('Nombre')).not.toHaveAttribute('aria-invalid', 'true');
    expect(toast.error).toHaveBeenCalledTimes(1);
    expect(toast.error).toHaveBeenCalledWith('Error', expect.objectContaining({ description: 'No se pudo guardar el lead' }));
    expect(screen.getByRole('dialog', { name: 'Nuevo Lead' })).toBeInTheDocument();
  });
});
