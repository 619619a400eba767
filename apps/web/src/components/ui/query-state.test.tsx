import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@/lib/api-error';
import { QueryState } from './query-state';

function query<T>(state: Partial<{ isPending: boolean; isError: boolean; error: unknown; data: T; isFetching: boolean }>) {
  return { isPending: false, isError: false, error: null, data: undefined, isFetching: false, refetch: vi.fn(), ...state };
}

function renderState(state: Parameters<typeof query<string[]>>[0]) {
  const q = query<string[]>(state);
  render(
    <QueryState query={q} loading="Cargando nombres..." errorTitle="No se pudieron cargar los nombres" empty={<p>Sin nombres</p>}>
      {(names) => <p>{names.join(', ')}</p>}
    </QueryState>,
  );
  return q;
}

describe('QueryState (issue 31)', () => {
  it('shows the spinner with its label until the first answer', () => {
    renderState({ isPending: true });
    expect(screen.getByRole('status')).toHaveTextContent('Cargando nombres...');
  });

  it('shows a failure with its title, the error’s message and a Reintentar that refetches', async () => {
    const q = renderState({ isError: true, error: new ApiError({ status: 500, message: 'Ocurrió un error interno. Intente nuevamente.' }) });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('No se pudieron cargar los nombres');
    expect(alert).toHaveTextContent('Ocurrió un error interno. Intente nuevamente.');
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(q.refetch).toHaveBeenCalledTimes(1);
  });

  it('shows the empty state for an empty answer, and the content otherwise', () => {
    renderState({ data: [] });
    expect(screen.getByText('Sin nombres')).toBeInTheDocument();
    renderState({ data: ['Ana', 'Luis'] });
    expect(screen.getByText('Ana, Luis')).toBeInTheDocument();
  });
});
