import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import type { LeadColumn } from '@portal/domain';
import { adminUser } from '@/test/fixtures';
import { columns, makeLead, renderBoard } from './lead-fixtures';

beforeEach(() => {
  vi.spyOn(toast, 'error');
  vi.spyOn(toast, 'success');
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function openConfig() {
  const user = userEvent.setup({ delay: null });
  // The button shows at once, disabled until the board's columns arrive: click it once enabled.
  const button = await screen.findByRole('button', { name: 'Configurar Estatus' });
  await waitFor(() => expect(button).toBeEnabled());
  await user.click(button);
  const dialog = await screen.findByRole('dialog', { name: 'Configurar Estatus' });
  return { user, dialog: within(dialog) };
}

type Scope = ReturnType<typeof within>;
const rowNamed = (dialog: Scope, position: number) => dialog.getByRole('group', { name: `Estatus ${position}` });
const titles = (dialog: Scope) => dialog.getAllByRole('textbox', { name: 'Título' }).map((input: HTMLElement) => (input as HTMLInputElement).value);

describe("'Configurar Estatus'", () => {
  it('lists the columns with title, colour picker and hex; adds one with the defaults and keeps the colours in sync', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_760_000_000_000);
    renderBoard([makeLead()]);
    const { user, dialog } = await openConfig();
    expect(titles(dialog)).toEqual(['Cotización', 'Trabajando', 'Póliza', 'Agente']);
    const first = within(rowNamed(dialog, 1));
    expect(first.getByLabelText('Color')).toHaveValue('#0277bd');
    expect(first.getByRole('textbox', { name: 'Código de color' })).toHaveValue('#0277bd');

    await user.click(dialog.getByRole('button', { name: 'Agregar estatus' }));
    const added = within(rowNamed(dialog, 5));
    expect(added.getByRole('textbox', { name: 'Título' })).toHaveValue('Nuevo Estatus');
    expect(added.getByRole('textbox', { name: 'Título' })).toHaveFocus();
    expect(added.getByRole('textbox', { name: 'Código de color' })).toHaveValue('#6B7280');
    expect(added.getByLabelText('Color')).toHaveValue('#6b7280');

    // The hex text moves the picker once it is a colour; the picker rewrites the text.
    const hex = added.getByRole('textbox', { name: 'Código de color' });
    await user.clear(hex);
    await user.type(hex, '#12ab');
    expect(added.getByLabelText('Color')).toHaveValue('#6b7280');
    await user.type(hex, '9f');
    expect(added.getByLabelText('Color')).toHaveValue('#12ab9f');
    fireEvent.input(added.getByLabelText('Color'), { target: { value: '#ff0000' } });
    expect(hex).toHaveValue('#ff0000');
  });

  it('asks before deleting a status that holds leads, saying how many move to the first', async () => {
    renderBoard([
      makeLead({ id: 1, status: 'poliza' }),
      makeLead({ id: 2, status: 'poliza' }),
      makeLead({ id: 3, status: 'poliza' }),
      makeLead({ id: 4, status: 'agente' }),
    ]);
    const { user, dialog } = await openConfig();
    await user.click(dialog.getByRole('button', { name: 'Eliminar estatus Póliza' }));
    const confirm = await screen.findByRole('alertdialog', { name: '¿Eliminar estatus?' });
    expect(confirm).toHaveTextContent('El estatus «Póliza» tiene 3 leads; pasarán a «Cotización».');
    await user.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    expect(titles(dialog)).toEqual(['Cotización', 'Trabajando', 'Póliza', 'Agente']);

    await user.click(dialog.getByRole('button', { name: 'Eliminar estatus Agente' }));
    const single = await screen.findByRole('alertdialog');
    expect(single).toHaveTextContent('El estatus «Agente» tiene 1 lead; pasará a «Cotización».');
    await user.click(within(single).getByRole('button', { name: 'Eliminar' }));
    expect(titles(dialog)).toEqual(['Cotización', 'Trabajando', 'Póliza']);

    // An empty status goes at once.
    await user.click(dialog.getByRole('button', { name: 'Eliminar estatus Trabajando' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(titles(dialog)).toEqual(['Cotización', 'Póliza']);
  });

  it('cannot delete the last status', async () => {
    renderBoard([], {}, { boardColumns: [{ id: 'solo', title: 'Solo', color: '#000000', isWon: false }] });
    const { dialog } = await openConfig();
    expect(dialog.getByRole('button', { name: 'Eliminar estatus Solo' })).toBeDisabled();
  });

  it("shows the rules' messages and sends nothing while a title or a colour is missing", async () => {
    const { net } = renderBoard([]);
    const { user, dialog } = await openConfig();
    const second = within(rowNamed(dialog, 2));
    await user.clear(second.getByRole('textbox', { name: 'Título' }));
    await user.clear(within(rowNamed(dialog, 3)).getByRole('textbox', { name: 'Código de color' }));
    await user.type(within(rowNamed(dialog, 3)).getByRole('textbox', { name: 'Código de color' }), 'naranja');
    await user.click(dialog.getByRole('button', { name: 'Guardar' }));
    expect(second.getByText('Cada estatus necesita un título')).toBeInTheDocument();
    expect(second.getByRole('textbox', { name: 'Título' })).toHaveAttribute('aria-invalid', 'true');
    expect(within(rowNamed(dialog, 3)).getByText('Cada estatus necesita un color (#RRGGBB)')).toBeInTheDocument();
    expect(net.callsTo('PUT', '/api/leads/columns')).toHaveLength(0);
  });

  it("saves with PUT, keeps the server's columns in localStorage 'leadColumns', reloads the leads and toasts", async () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_760_000_000_000);
    let boardColumns: LeadColumn[] = columns;
    let leads = [makeLead({ id: 1, status: 'agente' })];
    const { net } = renderBoard([], {
      'GET /api/leads': () => ({ body: leads }),
      'GET /api/leads/columns': () => ({ body: boardColumns }),
      'PUT /api/leads/columns': ({ body }) => {
        boardColumns = (body as { columns: LeadColumn[] }).columns;
        leads = leads.map((lead) => ({ ...lead, status: boardColumns[0]!.id }));
        return { body: { columns: boardColumns, moved: 1 } };
      },
    }, { user: adminUser });
    const { user, dialog } = await openConfig();
    await user.click(dialog.getByRole('button', { name: 'Eliminar estatus Agente' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Eliminar' }));
    await user.click(dialog.getByRole('button', { name: 'Agregar estatus' }));
    const title = within(rowNamed(dialog, 4)).getByRole('textbox', { name: 'Título' });
    await user.clear(title);
    await user.type(title, '  Seguimiento ');
    await user.click(dialog.getByRole('button', { name: 'Guardar' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const expected = [
      { id: 'cotizacion', title: 'Cotización', color: '#0277bd', isWon: false },
      { id: 'accion', title: 'Trabajando', color: '#26a69a', isWon: false },
      { id: 'poliza', title: 'Póliza', color: '#ffb74d', isWon: true },
      { id: 'status_1760000000000', title: 'Seguimiento', color: '#6B7280', isWon: false },
    ];
    expect(net.callsTo('PUT', '/api/leads/columns')[0]?.body).toEqual({ columns: expected });
    expect(JSON.parse(window.localStorage.getItem('leadColumns') ?? 'null')).toEqual(expected);
    expect(toast.success).toHaveBeenCalledWith('Estatus guardados', expect.objectContaining({ description: '1 lead pasó a «Cotización».' }));
    expect(screen.getAllByRole('region').map((section) => section.getAttribute('aria-label'))).toEqual(['Cotización', 'Trabajando', 'Póliza', 'Seguimiento']);
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'Cotización' })).getByTestId('lead-card-1')).toBeInTheDocument());
    expect(net.callsTo('GET', '/api/leads').length).toBeGreaterThanOrEqual(2);
  });

  it('a refused save keeps the dialog open and toasts the error', async () => {
    renderBoard([], {
      'PUT /api/leads/columns': {
        status: 403,
        body: { statusCode: 403, error: 'Forbidden', message: 'Solo un gerente o un administrador puede configurar el tablero' },
      },
    });
    const { user, dialog } = await openConfig();
    await user.click(dialog.getByRole('button', { name: 'Guardar' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        'No se pudieron guardar los estatus',
        expect.objectContaining({ description: 'Solo un gerente o un administrador puede configurar el tablero' }),
      ),
    );
    expect(screen.getByRole('dialog', { name: 'Configurar Estatus' })).toBeInTheDocument();
  });

  it("'Cancelar' drops the changes", async () => {
    const { net } = renderBoard([]);
    const { user, dialog } = await openConfig();
    await user.click(dialog.getByRole('button', { name: 'Agregar estatus' }));
    await user.click(dialog.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(net.callsTo('PUT', '/api/leads/columns')).toHaveLength(0);
    const again = await openConfig();
    expect(titles(again.dialog)).toEqual(['Cotización', 'Trabajando', 'Póliza', 'Agente']);
  });
});
