import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import type { LeadNote } from '@portal/domain';
import { mockFetch } from '@/test/fetch-mock';
import { adminUser, agentUser, makeBranch, storeSession } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { OriginLeadLink } from '../components/origin-lead-link';
import { makeLead, renderBoard } from './lead-fixtures';

/** Issue 20, 'Working the pipeline' on the board: filters, counts, the admin's branch, card links, notes. */
const card = (id: number) => within(screen.getByTestId(`lead-card-${id}`));
const shownCards = () => screen.queryAllByTestId(/^lead-card-/).map((item) => Number(item.dataset.leadId));

function makeNote(overrides: Partial<LeadNote> = {}): LeadNote {
  return { id: 1, body: 'Llamar el lunes', author: 7, authorName: 'Ana Pérez', createdAt: '2026-03-05T16:00:00.000Z', updatedAt: '2026-03-05T16:00:00.000Z', canEdit: true, ...overrides };
}

beforeEach(() => {
  vi.spyOn(toast, 'error');
  vi.spyOn(toast, 'success');
});
afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
});

describe('board states', () => {
  it("counts the matches of the total and says when nothing matches; 'Limpiar' brings the board back", async () => {
    renderBoard([makeLead({ id: 1, name: 'Óscar Ruiz' }), makeLead({ id: 2, name: 'Lucía Méndez' }), makeLead({ id: 3, name: 'Pedro Salas' })]);
    await screen.findByTestId('lead-card-1');
    expect(screen.getByText('3 leads')).toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByRole('searchbox', { name: 'Buscar leads...' }), 'zzz');
    expect(screen.getByText('Ningún lead coincide con la búsqueda.')).toBeInTheDocument();
    expect(screen.getByText('0 de 3 leads')).toBeInTheDocument();
    expect(shownCards()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Limpiar búsqueda y filtros' }));
    expect(shownCards()).toHaveLength(3);
    expect(screen.queryByText('Ningún lead coincide con la búsqueda.')).not.toBeInTheDocument();
  });

  it('finds a lead by its number as people type it, though it is stored E.164', async () => {
    renderBoard([makeLead({ id: 1, phone: '+525590004000', phonewhats: '' }), makeLead({ id: 2, phone: '+523312345678', phonewhats: '' })]);
    await screen.findByTestId('lead-card-1');
    await userEvent.setup({ delay: null }).type(screen.getByRole('searchbox', { name: 'Buscar leads...' }), '55 9000 4000');
    expect(shownCards()).toEqual([1]);
    expect(screen.getByText('1 de 2 leads')).toBeInTheDocument();
  });

  it("filters 'Mis leads', by source and by owner", async () => {
    const me = agentUser.id;
    renderBoard(
      [
        makeLead({ id: 1, ownerId: me, ownerName: 'Yo Agente', source: 'Facebook' }),
        makeLead({ id: 2, ownerId: 99, ownerName: 'Otra Agente', source: 'Facebook' }),
        makeLead({ id: 3, ownerId: null, source: 'Referido' }),
      ],
      { 'GET /api/leads/owners': { body: [{ id: me, name: 'Yo Agente' }, { id: 99, name: 'Otra Agente' }] } },
      { user: agentUser },
    );
    await screen.findByTestId('lead-card-1');
    const user = userEvent.setup({ delay: null });
    const mine = screen.getByRole('button', { name: 'Mis leads' });
    await user.click(mine);
    expect(mine).toHaveAttribute('aria-pressed', 'true');
    expect(shownCards()).toEqual([1]);
    expect(screen.getByText('1 de 3 leads')).toBeInTheDocument();
    await user.click(mine);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Fuente' }), 'Facebook');
    expect(shownCards().sort()).toEqual([1, 2]);
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Responsable' }), 'Otra Agente');
    expect(shownCards()).toEqual([2]);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Fuente' }), '');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Responsable' }), 'Sin responsable');
    expect(shownCards()).toEqual([3]);
  });

  it("lets an admin choose the branch: the board's calls then name it", async () => {
    const { net } = renderBoard([makeLead({ id: 1, name: 'De Polanco' })], {
      'GET /api/branches': { body: [makeBranch({ id: 1, name: 'Sucursal Polanco' }), makeBranch({ id: 2, name: 'Sucursal Santa Fe' })] },
      'GET /api/leads?branchId=2': { body: [makeLead({ id: 5, name: 'De Santa Fe' })] },
      'GET /api/leads/columns?branchId=2': { body: [{ id: 'nuevo', title: 'Nuevo', color: '#123456', isWon: false }] },
      'GET /api/leads/owners?branchId=2': { body: [] },
      'POST /api/leads/5/notes?branchId=2': { body: makeLead({ id: 5, name: 'De Santa Fe', noteList: [makeNote()] }) },
    }, { user: adminUser });
    await screen.findByTestId('lead-card-1');
    const user = userEvent.setup({ delay: null });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Sucursal' }), 'Sucursal Santa Fe');
    await screen.findByTestId('lead-card-5');
    expect(screen.queryByTestId('lead-card-1')).not.toBeInTheDocument();
    expect(screen.getAllByRole('region').map((section) => section.getAttribute('aria-label'))).toEqual(['Nuevo']);
    await user.type(card(5).getByRole('textbox', { name: 'Agregar nota...' }), 'Hola{Enter}');
    await waitFor(() => expect(net.callsTo('POST', '/api/leads/5/notes?branchId=2')).toHaveLength(1));
    // The admin's own board's stored columns are not overwritten by another branch's.
    expect(window.localStorage.getItem('leadColumns')).not.toContain('nuevo');
  });

  it('shows no branch choice to a manager', async () => {
    renderBoard([makeLead({ id: 1 })]);
    await screen.findByTestId('lead-card-1');
    expect(screen.queryByRole('combobox', { name: 'Sucursal' })).not.toBeInTheDocument();
  });
});

describe('card links', () => {
  it("links tel:+52 and wa.me/52 for a CDMX number, and shows it in national format", async () => {
    renderBoard([makeLead({ id: 1, phone: '+525512345678', phonewhats: '5590004000' })]);
    await screen.findByTestId('lead-card-1');
    expect(card(1).getByRole('link', { name: '55 1234 5678' })).toHaveAttribute('href', 'tel:+525512345678');
    expect(card(1).getByRole('link', { name: /55 9000 4000/ })).toHaveAttribute('href', 'https://wa.me/525590004000');
  });

  it('hides the WhatsApp link when it is the same number written another way', async () => {
    renderBoard([makeLead({ id: 1, phone: '+525590004000', phonewhats: '55 9000 4000' })]);
    await screen.findByTestId('lead-card-1');
    expect(card(1).queryByRole('link', { name: /WhatsApp/ })).not.toBeInTheDocument();
  });

  it("shows an older row's text that is no valid number as it was typed", async () => {
    renderBoard([makeLead({ id: 1, phone: 'ext 12', phonewhats: '' })]);
    await screen.findByTestId('lead-card-1');
    expect(card(1).getByRole('link', { name: 'ext 12' })).toHaveAttribute('href', 'tel:12');
  });

  it("offers 'Convertir en póliza' opening the policy form for the lead; a converted lead links its policy", async () => {
    renderBoard([makeLead({ id: 4, name: 'Por convertir', ownerId: 3, ownerName: 'Gina Gerente', followUpDate: '2026-03-12' }), makeLead({ id: 5, name: 'Convertido', policyId: 81 })]);
    await screen.findByTestId('lead-card-4');
    expect(card(4).getByRole('link', { name: /Convertir en póliza/ })).toHaveAttribute('href', '/policies/new?fromLead=4');
    expect(card(4).getByText('Responsable: Gina Gerente')).toBeInTheDocument();
    expect(card(4).getByText('12 mar 2026')).toHaveAttribute('dateTime', '2026-03-12');
    expect(card(5).getByRole('link', { name: 'Ver póliza' })).toHaveAttribute('href', '/policies/81');
    expect(card(5).queryByRole('link', { name: /Convertir en póliza/ })).not.toBeInTheDocument();
  });
});

describe('notes with authors', () => {
  it('shows author and time, and lets the author edit and (after confirming) delete their note', { timeout: 15_000 }, async () => {
    const theirNote = makeNote({ id: 12, body: 'Del gerente', author: 3, authorName: 'Gina Gerente', canEdit: false });
    let lead = makeLead({ id: 1, notes: '["Llamar el lunes","Del gerente"]', noteList: [makeNote({ id: 11 }), theirNote] });
    const answer = (next: typeof lead) => {
      lead = next;
      return { body: lead };
    };
    const { net } = renderBoard([], {
      'GET /api/leads': () => ({ body: [lead] }),
      'PUT /api/leads/1/notes/11': ({ body }) => answer({ ...lead, noteList: [makeNote({ id: 11, body: (body as { note: string }).note }), theirNote] }),
      'DELETE /api/leads/1/notes/11': () => answer({ ...lead, noteList: [theirNote] }),
    });
    await screen.findByTestId('lead-card-1');
    const user = userEvent.setup({ delay: null });
    await user.click(card(1).getByRole('button', { name: '2 nota(s)' }));
    const own = within(await screen.findByTestId('lead-note-11'));
    const theirs = within(screen.getByTestId('lead-note-12'));
    expect(own.getByText(/Ana Pérez/)).toBeInTheDocument();
    expect(theirs.getByText(/Gina Gerente/)).toBeInTheDocument();
    expect(theirs.queryByRole('button', { name: 'Editar nota' })).not.toBeInTheDocument();

    await user.click(own.getByRole('button', { name: 'Editar nota' }));
    const text = own.getByRole('textbox', { name: 'Editar nota' });
    await user.clear(text);
    await user.type(text, 'Llamar el martes');
    await user.click(own.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(net.callsTo('PUT', '/api/leads/1/notes/11')[0]?.body).toEqual({ note: 'Llamar el martes' }));
    expect(await screen.findByText('Llamar el martes')).toBeInTheDocument();

    await user.click(within(screen.getByTestId('lead-note-11')).getByRole('button', { name: 'Eliminar nota' }));
    expect(net.callsTo('DELETE', '/api/leads/1/notes/11')).toHaveLength(0);
    await user.click(within(screen.getByTestId('lead-note-11')).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(net.callsTo('DELETE', '/api/leads/1/notes/11')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId('lead-note-11')).not.toBeInTheDocument());
  });
});

describe("the expediente's 'Lead de origen'", () => {
  it('names the lead a policy came from, and shows nothing when it came from none (404)', async () => {
    storeSession(agentUser);
    mockFetch({
      'GET /api/leads/of-policy/81': { body: makeLead({ id: 5, name: 'Lucía Romero', phone: '+525590004000', source: 'Facebook', policyId: 81 }) },
      'GET /api/leads/of-policy/82': { body: null },
    });
    renderRoute(
      <>
        <OriginLeadLink policyId={81} />
        <OriginLeadLink policyId={82} />
      </>,
    );
    const origin = await screen.findByTestId('origin-lead');
    expect(origin).toHaveTextContent(/Lead de origen:\s*Lucía Romero\s*· 55 9000 4000\s*· Fuente: Facebook/);
    expect(within(origin).getByRole('link', { name: 'Lucía Romero' })).toHaveAttribute('href', '/leads');
    await waitFor(() => expect(screen.getAllByTestId('origin-lead')).toHaveLength(1));
  });
});
