import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { makeLead, renderBoard } from './lead-fixtures';

const card = (id: number) => screen.getByTestId(`lead-card-${id}`);

beforeEach(() => {
  vi.spyOn(toast, 'error');
  vi.spyOn(toast, 'success');
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('lead card', () => {
  it("shows the name, the phone as tel:, a different WhatsApp as wa.me, 'Fuente:' and the date in Spanish", async () => {
    renderBoard([makeLead({ id: 1, name: 'Óscar Ruiz', phone: '55 1234 5678', phonewhats: '+52 55 9876 5432', source: 'Facebook' })]);
    await screen.findByTestId('lead-card-1');
    const view = within(card(1));
    expect(view.getByRole('heading', { level: 3, name: 'Óscar Ruiz' })).toBeInTheDocument();
    expect(view.getByRole('link', { name: '55 1234 5678' })).toHaveAttribute('href', 'tel:+525512345678');
    // Shown in national format, linked to Mexico (+52), never wa.me/55… (Brazil).
    const whatsapp = view.getByRole('link', { name: /55 9876 5432/ });
    expect(whatsapp).toHaveAttribute('href', 'https://wa.me/525598765432');
    expect(whatsapp).toHaveAttribute('target', '_blank');
    expect(view.getByText('Fuente: Facebook')).toBeInTheDocument();
    expect(view.getByText('05 mar 2026 14:30')).toBeInTheDocument();
    expect(view.getByRole('button', { name: 'Editar lead Óscar Ruiz' })).toBeInTheDocument();
    expect(view.getByRole('button', { name: 'Eliminar lead Óscar Ruiz' })).toBeInTheDocument();
  });

  it("leaves out the WhatsApp link when it is the phone; 'Sin nombre' without a name; a non-ISO date with '/' as it is", async () => {
    renderBoard([makeLead({ id: 2, name: '  ', phone: '5512345678', phonewhats: '55-1234-5678', createdAt: '05/03/2026 10:00' })]);
    await screen.findByTestId('lead-card-2');
    const view = within(card(2));
    const contact = view.getAllByRole('link').filter((link) => !link.getAttribute('href')?.startsWith('/'));
    expect(contact).toHaveLength(1);
    expect(contact[0]).toHaveAttribute('href', 'tel:+525512345678');
    expect(view.getByRole('heading', { level: 3, name: 'Sin nombre' })).toBeInTheDocument();
    expect(view.getByText('05/03/2026 10:00')).toBeInTheDocument();
  });

  it("'N nota(s)' opens the popover 'Notas' with the notes, a plain text being one note", async () => {
    renderBoard([
      makeLead({ id: 1, notes: '["Llamar el lunes","Envió identificación"]' }),
      makeLead({ id: 2, name: 'Lucía Méndez', notes: 'Nota suelta' }),
    ]);
    await screen.findByTestId('lead-card-1');
    const user = userEvent.setup({ delay: null });
    await user.click(within(card(1)).getByRole('button', { name: '2 nota(s)' }));
    const popover = await screen.findByRole('dialog', { name: 'Notas' });
    expect(within(popover).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Llamar el lunes', 'Envió identificación']);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notas' })).not.toBeInTheDocument());
    await user.click(within(card(2)).getByRole('button', { name: '1 nota(s)' }));
    expect(within(await screen.findByRole('dialog', { name: 'Notas' })).getByText('Nota suelta')).toBeInTheDocument();
  });

  it("adds a note with Enter (nothing while blank) and toasts 'Nota agregada'", async () => {
    let lead = makeLead({ id: 1, notes: '["Primera"]' });
    const { net } = renderBoard([], {
      'GET /api/leads': () => ({ body: [lead] }),
      'POST /api/leads/1/notes': ({ body }) => {
        lead = { ...lead, notes: JSON.stringify(['Primera', (body as { note: string }).note]) };
        return { body: lead };
      },
    });
    await screen.findByTestId('lead-card-1');
    const user = userEvent.setup({ delay: null });
    const input = within(card(1)).getByRole('textbox', { name: 'Agregar nota...' });
    const send = within(card(1)).getByRole('button', { name: 'Enviar nota' });
    expect(input).toHaveAttribute('placeholder', 'Agregar nota...');
    expect(send).toBeDisabled();
    await user.type(input, '   ');
    expect(send).toBeDisabled();
    await user.type(input, '{Enter}');
    expect(net.callsTo('POST', '/api/leads/1/notes')).toHaveLength(0);
    await user.clear(input);
    await user.type(input, '  Pidió cotización  {Enter}');
    await waitFor(() => expect(net.callsTo('POST', '/api/leads/1/notes')).toHaveLength(1));
    expect(net.callsTo('POST', '/api/leads/1/notes')[0]?.body).toEqual({ note: 'Pidió cotización' });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Nota agregada', expect.objectContaining({ description: 'La nota ha sido agregada correctamente' })));
    expect(input).toHaveValue('');
    expect(within(card(1)).getByRole('button', { name: '2 nota(s)' })).toBeInTheDocument();
  });

  it('adds a note with the send button; a failure keeps the text and toasts the spec error', async () => {
    renderBoard([makeLead({ id: 1 })], {
      'POST /api/leads/1/notes': { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'Falló' } },
    });
    await screen.findByTestId('lead-card-1');
    const user = userEvent.setup({ delay: null });
    const input = within(card(1)).getByRole('textbox', { name: 'Agregar nota...' });
    await user.type(input, 'Llamar mañana');
    await user.click(within(card(1)).getByRole('button', { name: 'Enviar nota' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Error', expect.objectContaining({ description: 'No se pudo agregar la nota' })));
    expect(input).toHaveValue('Llamar mañana');
  });

  it("deletes after '¿Estás seguro de eliminar este lead?' and toasts 'Lead eliminado'", async () => {
    let leads = [makeLead({ id: 1 }), makeLead({ id: 2, name: 'Lucía Méndez' })];
    const { net } = renderBoard([], {
      'GET /api/leads': () => ({ body: leads }),
      'GET /api/leads/del/2': () => {
        leads = leads.filter((lead) => lead.id !== 2);
        return { body: { message: 'El lead ha sido eliminado correctamente' } };
      },
    });
    await screen.findByTestId('lead-card-2');
    const user = userEvent.setup({ delay: null });
    await user.click(within(card(2)).getByRole('button', { name: 'Eliminar lead Lucía Méndez' }));
    const confirm = await screen.findByRole('alertdialog', { name: '¿Estás seguro de eliminar este lead?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    expect(net.callsTo('GET', '/api/leads/del/2')).toHaveLength(0);
    await user.click(within(card(2)).getByRole('button', { name: 'Eliminar lead Lucía Méndez' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(screen.queryByTestId('lead-card-2')).not.toBeInTheDocument());
    expect(net.callsTo('GET', '/api/leads/del/2')).toHaveLength(1);
    expect(toast.success).toHaveBeenCalledWith('Lead eliminado', expect.objectContaining({ description: 'El lead ha sido eliminado correctamente' }));
    expect(screen.getByText('1 lead')).toBeInTheDocument();
  });

  it('a failed delete keeps the card and toasts the spec error', async () => {
    renderBoard([makeLead({ id: 1 })], { 'GET /api/leads/del/1': { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'No se encontró el lead' } } });
    await screen.findByTestId('lead-card-1');
    const user = userEvent.setup({ delay: null });
    await user.click(within(card(1)).getByRole('button', { name: 'Eliminar lead Óscar Ruiz' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Error', expect.objectContaining({ description: 'No se pudo eliminar el lead' })));
    expect(card(1)).toBeInTheDocument();
  });
});
