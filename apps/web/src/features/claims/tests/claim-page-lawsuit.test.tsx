import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import type { ClaimDeadline, Lawsuit } from '@portal/domain';
import { agentUser } from '@/test/fixtures';
import { claimPath, fieldError, lawyerUser, makeClaim, renderClaimPage } from './claim-page-fixtures';

beforeEach(() => {
  vi.spyOn(toast, 'success');
  vi.spyOn(toast, 'error');
});

const lawsuit: Lawsuit = {
  court: 'Juzgado 5o de lo Civil de la CDMX',
  caseNumber: '123/2027',
  filedOn: '2027-04-01',
  admittedOn: '2027-04-08',
  servedOn: null,
  answeredOn: null,
  hearingOn: null,
  judgmentOn: null,
  enforcementOn: null,
  evictionOn: null,
  notes: '',
};

function deadline(id: number, overrides: Partial<ClaimDeadline> = {}): ClaimDeadline {
  return { id, claimId: 42, dueOn: '2027-04-20', description: 'Contestar prevención', doneAt: null, missed: false, createdBy: 'Lucía Abogada', createdAt: '2027-04-08T17:00:00.000Z', ...overrides };
}

const inLawsuit = (overrides = {}) => makeClaim({ stage: 'lawsuit', stageLabel: 'Demanda', lawsuit, ...overrides });

describe("an incidencia's 'Demanda'", () => {
  it('shows the court, the steps with their dates, and the deadlines with a missed one red', async () => {
    const deadlines = [deadline(1, { dueOn: '2027-04-25', description: 'Ofrecer pruebas' }), deadline(2, { dueOn: '2027-04-10', missed: true }), deadline(3, { dueOn: '2027-04-05', description: 'Presentar demanda', doneAt: '2027-04-01T17:00:00.000Z' })];
    renderClaimPage(agentUser, { [claimPath]: { body: inLawsuit({ deadlines }) } }, 'demanda');
    expect(await screen.findByText('Juzgado 5o de lo Civil de la CDMX')).toBeInTheDocument();
    const steps = within(screen.getByRole('list', { name: 'Etapas procesales' })).getAllByRole('listitem');
    expect(steps[1]).toHaveTextContent('Admisión08 abr 2027');
    expect(steps[5]).toHaveTextContent('SentenciaPendiente');

    const rows = within(screen.getByRole('list', { name: 'Términos' })).getAllByRole('listitem');
    expect(rows.map((row) => row.firstElementChild?.textContent)).toEqual(['10 abr 2027Vencido· Contestar prevención', '25 abr 2027· Ofrecer pruebas', '05 abr 2027 · Presentar demanda · Cumplido el 1 abr 2027, 11:00']);
    expect(rows[0]!.firstElementChild).toHaveClass('text-red-700');
    expect(rows[1]!.firstElementChild).not.toHaveClass('text-red-700');
    expect(within(rows[2]!).queryByRole('button')).not.toBeInTheDocument();
  });

  it("saves the lawsuit with the version read, and shows the server's 400 beside the field it names", async () => {
    const user = userEvent.setup({ delay: null });
    const message = 'El campo Sentencia no puede ser posterior a hoy';
    const net = renderClaimPage(lawyerUser, {
      [claimPath]: { body: inLawsuit() },
      'PUT /api/claims/42/lawsuit': [fieldError('judgmentOn', message), { body: inLawsuit({ lawsuit: { ...lawsuit, servedOn: '2027-04-12', judgmentOn: '2027-06-01' }, version: 4 }) }],
    }, 'demanda');
    await user.click(await screen.findByRole('button', { name: 'Editar demanda' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar demanda' });
    expect(within(dialog).getByLabelText('Juzgado')).toHaveValue('Juzgado 5o de lo Civil de la CDMX');
    await user.type(within(dialog).getByLabelText('Emplazamiento'), '2027-04-12');
    await user.type(within(dialog).getByLabelText('Sentencia'), '2027-04-19');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar demanda' }));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Sentencia')).toHaveAttribute('aria-invalid', 'true');
    const [first] = net.callsTo('PUT', '/api/claims/42/lawsuit');
    expect(first!.ifMatch).toBe('"v3"');
    expect(first!.body).toEqual({ ...lawsuit, servedOn: '2027-04-12', judgmentOn: '2027-04-19' });

    await user.clear(within(dialog).getByLabelText('Sentencia'));
    await user.type(within(dialog).getByLabelText('Sentencia'), '2027-06-01');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar demanda' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('01 jun 2027')).toBeInTheDocument();
  });

  it("refuses steps out of order before sending, and says so before the case reaches 'Demanda'", async () => {
    const user = userEvent.setup({ delay: null });
    const net = renderClaimPage(agentUser, { [claimPath]: { body: inLawsuit() } }, 'demanda');
    await user.click(await screen.findByRole('button', { name: 'Editar demanda' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Contestación'), '2027-03-01');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar demanda' }));
    expect(await within(dialog).findByText('El campo Contestación no puede ser anterior a Admisión (2027-04-08)')).toBeInTheDocument();
    expect(net.callsTo('PUT', '/api/claims/42/lawsuit')).toHaveLength(0);
    net.unmount();

    renderClaimPage(agentUser, { [claimPath]: { body: makeClaim() } }, 'demanda');
    expect(await screen.findByText('Los datos de la demanda se capturan desde la etapa Demanda')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Capturar demanda' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Agregar término' })).toBeInTheDocument();
  });

  it('adds a deadline and marks one done after asking', async () => {
    const user = userEvent.setup({ delay: null });
    const added = inLawsuit({ deadlines: [deadline(5, { dueOn: '2027-05-02', description: 'Audiencia de pruebas' })], version: 4 });
    const done = inLawsuit({ deadlines: [deadline(5, { dueOn: '2027-05-02', description: 'Audiencia de pruebas', doneAt: '2027-05-02T18:00:00.000Z' })], version: 5 });
    const net = renderClaimPage(agentUser, { [claimPath]: { body: inLawsuit() }, 'POST /api/claims/42/deadlines': { status: 201, body: added }, 'POST /api/claims/deadlines/5/done': { body: done } }, 'demanda');
    await user.click(await screen.findByRole('button', { name: 'Agregar término' }));
    const dialog = await screen.findByRole('dialog', { name: 'Agregar término' });
    await user.click(within(dialog).getByRole('button', { name: 'Agregar término' }));
    expect(await within(dialog).findByText('El campo Vencimiento debe ser una fecha válida')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Vencimiento'), '2027-05-02');
    await user.type(within(dialog).getByLabelText('Descripción'), 'Audiencia de pruebas');
    await user.click(within(dialog).getByRole('button', { name: 'Agregar término' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(net.callsTo('POST', '/api/claims/42/deadlines')[0]!.body).toEqual({ dueOn: '2027-05-02', description: 'Audiencia de pruebas' });

    await user.click(await screen.findByRole('button', { name: 'Marcar cumplido: Audiencia de pruebas' }));
    const confirm = await screen.findByRole('alertdialog', { name: '¿Marcar el término como cumplido?' });
    expect(net.callsTo('POST', '/api/claims/deadlines/5/done')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Marcar cumplido' }));
    await vi.waitFor(() => expect(net.callsTo('POST', '/api/claims/deadlines/5/done')).toHaveLength(1));
    expect(await screen.findByText(/Cumplido el 2 may 2027/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Marcar cumplido/ })).not.toBeInTheDocument();
  });
});
