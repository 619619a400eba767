import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { makeLead, renderBoard } from './lead-fixtures';

/** Issue 28: the lead open in two tabs; the second save is refused and keeps what was typed (decision 023). */
const stale = 'María López guardó cambios a las 10:42. Recargue para verlos; lo que usted escribió sigue aquí.';

beforeEach(() => {
  vi.spyOn(toast, 'error');
  vi.spyOn(toast, 'success');
});
afterEach(() => vi.restoreAllMocks());

describe('lead dialog: someone saved first', () => {
  it('sends the version it opened at, keeps the typed name on a 412, and Recargar shows the other save', { timeout: 20_000 }, async () => {
    const lead = makeLead({ id: 7, name: 'Jorge Ríos', version: 5 });
    const { net } = renderBoard([lead], {
      'GET /api/leads/7': { body: { ...lead, name: 'Jorge Ríos (María)', version: 6 } },
      'POST /api/leads/update/7': { status: 412, body: { statusCode: 412, error: 'Precondition Failed', message: stale } },
    });
    await screen.findByTestId('lead-card-7');
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Editar lead Jorge Ríos' }));
    const form = within(await screen.findByRole('dialog', { name: 'Editar Lead' }));

    await user.clear(form.getByLabelText('Nombre'));
    await user.type(form.getByLabelText('Nombre'), 'Jorge Ríos (Pedro)');
    await user.click(form.getByRole('button', { name: 'Actualizar' }));

    expect(await form.findByText(stale)).toBeInTheDocument();
    expect(net.callsTo('POST', '/api/leads/update/7')[0]?.ifMatch).toBe('"v5"');
    expect(form.getByLabelText('Nombre')).toHaveValue('Jorge Ríos (Pedro)');
    expect(toast.success).not.toHaveBeenCalled();

    await user.click(form.getByRole('button', { name: 'Recargar' }));
    await waitFor(() => expect(form.getByLabelText('Nombre')).toHaveValue('Jorge Ríos (María)'));
    await user.click(form.getByRole('button', { name: 'Actualizar' }));
    await waitFor(() => expect(net.callsTo('POST', '/api/leads/update/7')).toHaveLength(2));
    expect(net.callsTo('POST', '/api/leads/update/7')[1]?.ifMatch).toBe('"v6"');
  });
});
