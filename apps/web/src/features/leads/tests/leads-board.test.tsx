import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { agentUser } from '@/test/fixtures';
import { makeLead, renderBoard } from './lead-fixtures';

const region = (title: string) => screen.getByRole('region', { name: title });
const card = (id: number) => screen.getByTestId(`lead-card-${id}`);

beforeEach(() => {
  vi.spyOn(toast, 'error');
  vi.spyOn(toast, 'success');
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('leads board (/leads)', () => {
  it("shows the server's columns with their counts, the total, and 'Arrastra leads aquí' in an empty one", async () => {
    renderBoard([
      makeLead({ id: 1, name: 'Óscar Ruiz', status: 'cotizacion' }),
      makeLead({ id: 2, name: 'Lucía Méndez', status: 'cotizacion' }),
      makeLead({ id: 3, name: 'Pedro Salas', status: 'poliza' }),
    ]);
    await screen.findByTestId('lead-card-1');
    expect(screen.getByRole('heading', { level: 1, name: 'Leads' })).toBeInTheDocument();
    expect(screen.getByText('3 leads')).toBeInTheDocument();
    expect(screen.getAllByRole('region').map((section) => section.getAttribute('aria-label'))).toEqual(['Cotización', 'Trabajando', 'Póliza', 'Agente']);
    expect(screen.getByTestId('lead-column-count-cotizacion')).toHaveTextContent('2');
    expect(screen.getByTestId('lead-column-count-poliza')).toHaveTextContent('1');
    expect(screen.getByTestId('lead-column-count-accion')).toHaveTextContent('0');
    expect(within(region('Trabajando')).getByText('Arrastra leads aquí')).toBeInTheDocument();
    expect(within(region('Cotización')).queryByText('Arrastra leads aquí')).not.toBeInTheDocument();
    expect(within(region('Póliza')).getByRole('button', { name: 'Pedro Salas' })).toBeInTheDocument();
  });

  it('puts a lead whose status matches no column in the first column', async () => {
    renderBoard([makeLead({ id: 4, name: 'Rosa Paz', status: 'bienvenida' })]);
    await screen.findByTestId('lead-card-4');
    expect(within(region('Cotización')).getByTestId('lead-card-4')).toBeInTheDocument();
    expect(screen.getByTestId('lead-column-count-cotizacion')).toHaveTextContent('1');
  });

  it('uses the columns the server sends, whatever the stored copy says', async () => {
    window.localStorage.setItem('leadColumns', JSON.stringify([{ id: 'viejo', title: 'Viejo', color: '#000000' }]));
    renderBoard([makeLead()], {}, { boardColumns: [{ id: 'nuevo', title: 'Nuevo', color: '#123456', isWon: false }] });
    await waitFor(() => expect(screen.getAllByRole('region').map((section) => section.getAttribute('aria-label'))).toEqual(['Nuevo']));
    expect(JSON.parse(window.localStorage.getItem('leadColumns') ?? 'null')).toEqual([{ id: 'nuevo', title: 'Nuevo', color: '#123456', isWon: false }]);
  });

  it('searches name, phone, WhatsApp and notes, ignoring case', { timeout: 15_000 }, async () => {
    renderBoard([
      makeLead({ id: 1, name: 'Óscar Ruiz', phone: '5511111111', phonewhats: '' }),
      makeLead({ id: 2, name: 'Lucía Méndez', phone: '5522222222', phonewhats: '5533333333' }),
      makeLead({ id: 3, name: 'Pedro Salas', phone: '', phonewhats: '', notes: '["Quiere departamento en Coyoacán"]' }),
    ]);
    await screen.findByTestId('lead-card-1');
    const user = userEvent.setup({ delay: null });
    const search = screen.getByRole('searchbox', { name: 'Buscar leads...' });
    await user.type(search, 'LUCÍA');
    expect(screen.queryByTestId('lead-card-1')).not.toBeInTheDocument();
    expect(screen.getByTestId('lead-card-2')).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, '553333');
    expect(screen.getAllByTestId(/^lead-card-/).map((item) => item.dataset.testid)).toEqual(['lead-card-2']);
    await user.clear(search);
    await user.type(search, 'coyoacán');
    expect(screen.getAllByTestId(/^lead-card-/).map((item) => item.dataset.testid)).toEqual(['lead-card-3']);
    await user.clear(search);
    await user.type(search, '551111');
    expect(screen.getAllByTestId(/^lead-card-/).map((item) => item.dataset.testid)).toEqual(['lead-card-1']);
    // The header counts the matches of the total loaded (issue 20).
    expect(screen.getByText('1 de 3 leads')).toBeInTheDocument();
  });

  it('shows a spinner while loading, then an error with retry and the spec toast', async () => {
    let answer: (value: { status: number; body: unknown }) => void = () => {};
    renderBoard([], {
      'GET /api/leads': [
        () => new Promise((resolve) => (answer = resolve)),
        { body: [makeLead({ id: 9, name: 'Ana Gil' })] },
      ],
    });
    expect(screen.getByRole('status')).toHaveTextContent('Cargando leads...');
    answer({ status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'Falló' } });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No se pudieron cargar los leads');
    expect(toast.error).toHaveBeenCalledWith('Error', expect.objectContaining({ description: 'No se pudieron cargar los leads' }));
    await userEvent.setup({ delay: null }).click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByTestId('lead-card-9')).toBeInTheDocument();
  });

  it("'Actualizar' reloads the leads", async () => {
    const { net } = renderBoard([], { 'GET /api/leads': [{ body: [] }, { body: [makeLead({ id: 5, name: 'Nuevo Cliente' })] }] });
    await screen.findByText('0 leads');
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Actualizar' }));
    expect(await screen.findByTestId('lead-card-5')).toBeInTheDocument();
    expect(net.callsTo('GET', '/api/leads')).toHaveLength(2);
  });

  it("offers 'Configurar Estatus' to managers and admins only", async () => {
    renderBoard([makeLead()], {}, { user: agentUser });
    await screen.findByTestId('lead-card-1');
    expect(screen.queryByRole('button', { name: 'Configurar Estatus' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nuevo Lead' })).toBeInTheDocument();
    expect(card(1)).toBeInTheDocument();
  });
});
