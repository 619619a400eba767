import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import type { Lead } from '@portal/domain';
import { makeLead, renderBoard } from './lead-fixtures';

const region = (title: string) => screen.getByRole('region', { name: title });

beforeEach(() => {
  vi.spyOn(toast, 'error');
  vi.spyOn(toast, 'success');
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** The board's server: GET answers the leads as they now are, so a refetch shows what was saved. */
function boardServer(initial: Lead[], { refuse = false } = {}) {
  let leads = initial;
  return {
    'GET /api/leads': () => ({ body: leads }),
    'POST /api/leads/1/status/accion': () => {
      if (refuse) return { status: 400, body: { statusCode: 400, error: 'Bad Request', message: 'El estatus no existe en el tablero de su sucursal' } };
      leads = leads.map((lead) => (lead.id === 1 ? { ...lead, status: 'accion' } : lead));
      return { body: leads.find((lead) => lead.id === 1) };
    },
  };
}

/** Space on the card's name picks it up, ArrowRight goes one column right, Space drops it. */
async function moveRightByKeyboard(name: string) {
  const user = userEvent.setup({ delay: null });
  const handle = screen.getByRole('button', { name });
  handle.focus();
  await user.keyboard('[Space]');
  // dnd-kit's keyboard sensor starts listening in a setTimeout(0) queued by the pick-up: a timer
  // queued now runs after it (not a guessed pause).
  await new Promise((resolve) => setTimeout(resolve, 0));
  await user.keyboard('[ArrowRight]');
  await user.keyboard('[Space]');
}

describe('moving a lead between columns', () => {
  it('describes the drag in Spanish for screen readers', async () => {
    renderBoard([makeLead()]);
    const handle = await screen.findByRole('button', { name: 'Óscar Ruiz' });
    expect(handle).toHaveAttribute('aria-roledescription', 'lead arrastrable');
    const instructions = document.getElementById(handle.getAttribute('aria-describedby') ?? '');
    expect(instructions).toHaveTextContent('Para mover un lead a otro estatus, pulse la barra espaciadora o Enter sobre su nombre.');
  });

  it('moves by keyboard at once, sends POST /api/leads/{id}/status/{status} and toasts the column', async () => {
    const { net } = renderBoard([], boardServer([makeLead({ id: 1, name: 'Óscar Ruiz' })]));
    await screen.findByTestId('lead-card-1');
    await moveRightByKeyboard('Óscar Ruiz');
    await waitFor(() => expect(within(region('Trabajando')).getByTestId('lead-card-1')).toBeInTheDocument());
    expect(document.querySelector('[id^="DndLiveRegion"]')).toHaveTextContent('Lead Óscar Ruiz soltado en la columna Trabajando.');
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Estatus actualizado', expect.objectContaining({ description: 'Lead movido a Trabajando' })));
    const [call] = net.callsTo('POST', '/api/leads/1/status/accion');
    expect(call?.body).toBeUndefined();
    expect(screen.getByTestId('lead-column-count-accion')).toHaveTextContent('1');
    expect(within(region('Cotización')).getByText('Arrastra leads aquí')).toBeInTheDocument();
    // Focus follows the card to its new column.
    await waitFor(() => expect(within(region('Trabajando')).getByRole('button', { name: 'Óscar Ruiz' })).toHaveFocus());
  });

  it('puts the card back with the spec error toast when the server refuses the move', async () => {
    let answer: (value: { status: number; body: unknown }) => void = () => {};
    renderBoard([], {
      ...boardServer([makeLead({ id: 1, name: 'Óscar Ruiz' })], { refuse: true }),
      'POST /api/leads/1/status/accion': () => new Promise((resolve) => (answer = resolve)),
    });
    await screen.findByTestId('lead-card-1');
    await moveRightByKeyboard('Óscar Ruiz');
    // Shown in its new column while the server answers…
    await waitFor(() => expect(within(region('Trabajando')).getByTestId('lead-card-1')).toBeInTheDocument());
    answer({ status: 400, body: { statusCode: 400, error: 'Bad Request', message: 'El estatus no existe en el tablero de su sucursal' } });
    // …and back where it was once it refuses.
    await waitFor(() => expect(within(region('Cotización')).getByTestId('lead-card-1')).toBeInTheDocument());
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Error', expect.objectContaining({ description: 'No se pudo actualizar el estatus del lead' })));
    expect(toast.success).not.toHaveBeenCalled();
    await waitFor(() => expect(within(region('Cotización')).getByRole('button', { name: 'Óscar Ruiz' })).toHaveFocus());
  });

  it('does nothing when the card is dropped in its own column', async () => {
    const { net } = renderBoard([makeLead({ id: 1, name: 'Óscar Ruiz' })]);
    const user = userEvent.setup({ delay: null });
    (await screen.findByRole('button', { name: 'Óscar Ruiz' })).focus();
    await user.keyboard('[Space]');
    await new Promise((resolve) => setTimeout(resolve, 0));
    await user.keyboard('[Space]');
    expect(net.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    expect(within(region('Cotización')).getByTestId('lead-card-1')).toBeInTheDocument();
  });

  it("'Mover a…' moves the lead to the chosen column", async () => {
    const { net } = renderBoard([], boardServer([makeLead({ id: 1, name: 'Óscar Ruiz' })]));
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Mover lead Óscar Ruiz' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Trabajando', 'Póliza', 'Agente']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Trabajando' }));
    await waitFor(() => expect(within(region('Trabajando')).getByTestId('lead-card-1')).toBeInTheDocument());
    expect(net.callsTo('POST', '/api/leads/1/status/accion')).toHaveLength(1);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Estatus actualizado', expect.objectContaining({ description: 'Lead movido a Trabajando' })));
  });
});
