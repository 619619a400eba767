import { describe, expect, it, vi } from 'vitest';
import type { ClaimDetail } from '@portal/domain';
import { json } from '../../test/app';
import { activePolicy, call, daysLater, fieldsOf, openCase, useClaimsContext, users, write } from './claims.test-helpers';

// A case's work (issue 33): the collection contacts under the fair-collection rule, the términos,
// the lawsuit's steps in order, and the money (costs, recovered, paid to the owner; reversals).
// 'Today' is 10 March 2027, noon in Mexico City (UTC-6 all year).
useClaimsContext();

async function caseOpenedDaysAgo(days: number): Promise<ClaimDetail> {
  vi.setSystemTime(daysLater(-days));
  const policy = await activePolicy();
  const opened = await openCase(policy.id);
  vi.setSystemTime(daysLater(0));
  return opened;
}

const contact = { channel: 'call', party: 'tenant', personName: 'Lucía Gómez', result: 'Promete pagar el viernes' };

describe('POST /api/claims/{id}/contacts: the fair-collection rule', () => {
  it('takes contacts from 7:00 to 22:00 Mexico City time, and refuses 6:59 and 22:01 with the reason', async () => {
    const opened = await caseOpenedDaysAgo(5);
    const url = `/api/claims/${opened.id}/contacts`;
    const hours = 'Las gestiones de cobranza solo pueden hacerse entre las 7:00 y las 22:00, hora de la Ciudad de México';
    for (const at of ['2027-03-09T12:59:00Z', '2027-03-10T04:01:00Z', '2027-03-09T06:59:00-06:00']) {
      const refused = await call('POST', url, users.agent.token, { ...contact, at });
      expect(fieldsOf(refused), at).toEqual(['at']);
      expect(json(refused).message).toBe(hours);
    }
    await write('POST', url, { ...contact, at: '2027-03-09T13:00:00Z' }, users.agent.token, 201);
    await write('POST', url, { ...contact, at: '2027-03-09T07:30:00-06:00', channel: 'visit', party: 'guarantor', personName: 'Jorge Aval' }, users.lawyer.token, 201);
    const last = await write('POST', url, { ...contact, at: '2027-03-10T04:00:00Z', channel: 'whatsapp', promisedAt: '2027-03-12', promisedAmount: '18500' }, users.agent.token, 201);
    expect(last.contacts.map((row) => row.at)).toEqual(['2027-03-10T04:00:00.000Z', '2027-03-09T13:30:00.000Z', '2027-03-09T13:00:00.000Z']);
    expect(last.contacts[0]).toMatchObject({ channel: 'whatsapp', party: 'tenant', personName: 'Lucía Gómez', result: 'Promete pagar el viernes', promisedAt: '2027-03-12', promisedAmount: '18500.00', recordedBy: 'Ana Pérez' });
    expect(last.version).toBe(4);
  });

  it("refuses the tenant's employer and references with the reason, and an instant still to come", async () => {
    const opened = await caseOpenedDaysAgo(5);
    const url = `/api/claims/${opened.id}/contacts`;
    const employer = await call('POST', url, users.agent.token, { ...contact, party: 'employer', at: '2027-03-09T16:00:00Z' });
    expect(fieldsOf(employer)).toEqual(['party']);
    expect(json(employer).message).toBe('No se permite gestionar el cobro con empleador: solo con el inquilino y los obligados solidarios');
    const reference = await call('POST', url, users.agent.token, { ...contact, party: 'reference', at: '2027-03-09T16:00:00Z' });
    expect(json(reference).message).toBe('No se permite gestionar el cobro con referencia personal: solo con el inquilino y los obligados solidarios');
    // 13:00 today, an hour from now: within the hours, but it has not happened.
    const future = await call('POST', url, users.agent.token, { ...contact, at: '2027-03-10T19:00:00Z' });
    expect(fieldsOf(future)).toEqual(['at']);
    expect(json(future).message).toBe('El campo Fecha y hora no puede ser posterior a ahora');
    expect(fieldsOf(await call('POST', url, users.agent.token, { ...contact, channel: 'telegram', at: '2027-03-09T16:00:00Z' }))).toEqual(['channel']);
    expect(fieldsOf(await call('POST', url, users.agent.token, { ...contact, at: 'ayer' }))).toEqual(['at']);
    expect(fieldsOf(await call('POST', url, users.agent.token, { ...contact, at: '2027-03-09T16:00:00Z', result: '' }))).toEqual(['result']);
    const valid = { ...contact, at: '2027-03-09T16:00:00Z' };
    expect((await call('POST', url, users.approver.token, valid)).statusCode).toBe(403);
    expect((await call('POST', url, users.otherBranchAgent.token, valid)).statusCode).toBe(404);
    expect((await call('POST', url, undefined, valid)).statusCode).toBe(401);
    expect(json(await call('GET', `/api/claims/${opened.id}`, users.agent.token)).contacts).toEqual([]);
  });
});

describe('términos', () => {
  it('adds términos (a past one is missed), not before the case was opened, and completes each once', async () => {
    const opened = await caseOpenedDaysAgo(20);
    const url = `/api/claims/${opened.id}/deadlines`;
    const later = await write('POST', url, { dueOn: '2027-03-20', description: 'Contestar la reconvención' }, users.lawyer.token, 201);
    expect(later.nextDeadline).toEqual({ id: later.deadlines[0]!.id, dueOn: '2027-03-20', description: 'Contestar la reconvención', missed: false });
    const past = await write('POST', url, { dueOn: '2027-03-01', description: 'Ofrecer pruebas' }, users.lawyer.token, 201);
    expect(past.deadlines.map((row) => [row.dueOn, row.missed])).toEqual([
      ['2027-03-01', true],
      ['2027-03-20', false],
    ]);
    expect(past.nextDeadline).toMatchObject({ dueOn: '2027-03-01', missed: true });
    const beforeOpening = await call('POST', url, users.lawyer.token, { dueOn: '2027-02-17', description: 'Antes de abrir' });
    expect(fieldsOf(beforeOpening)).toEqual(['dueOn']);
    expect(json(beforeOpening).message).toBe('El campo Vencimiento no puede ser anterior al día en que se abrió la incidencia');
    expect(fieldsOf(await call('POST', url, users.lawyer.token, { dueOn: '2027-02-30', description: 'x' }))).toEqual(['dueOn']);
    expect(fieldsOf(await call('POST', url, users.lawyer.token, { dueOn: '2027-04-01' }))).toEqual(['description']);

    const missedId = past.deadlines[0]!.id;
    const done = await write('POST', `/api/claims/deadlines/${missedId}/done`, {}, users.lawyer.token);
    expect(done.deadlines[0]).toMatchObject({ id: missedId, doneAt: '2027-03-10T18:00:00.000Z', missed: false });
    expect(done.nextDeadline?.dueOn).toBe('2027-03-20');
    const again = await call('POST', `/api/claims/deadlines/${missedId}/done`, users.lawyer.token, {});
    expect(again.statusCode).toBe(409);
    expect(json(again).message).toBe('El término ya se marcó como cumplido');
    expect((await call('POST', `/api/claims/deadlines/${missedId}/done`, users.otherBranchAgent.token, {})).statusCode).toBe(404);
    expect((await call('POST', `/api/claims/deadlines/${missedId}/done`, users.approver.token, {})).statusCode).toBe(403);
    expect((await call('POST', '/api/claims/deadlines/999999/done', users.agent.token, {})).statusCode).toBe(404);
    expect((await call('POST', url, undefined, { dueOn: '2027-04-01', description: 'x' })).statusCode).toBe(401);
  });
});

describe('PUT /api/claims/{id}/lawsuit', () => {
  const lawsuit = { court: 'Juzgado 12 de lo Civil de la CDMX', caseNumber: '345/2027', filedOn: '2027-03-01', admittedOn: '2027-03-05' };

  it('is kept from the Demanda stage on, its steps in order and the filing not in the future', async () => {
    const opened = await caseOpenedDaysAgo(30);
    const url = `/api/claims/${opened.id}/lawsuit`;
    const early = await call('PUT', url, users.lawyer.token, lawsuit);
    expect(early.statusCode).toBe(409);
    expect(json(early).message).toBe('Los datos de la demanda se capturan desde la etapa Demanda');
    const atLawsuit = await write('POST', `/api/claims/${opened.id}/stage`, { stage: 'lawsuit' }, users.lawyer.token);

    const unordered = await call('PUT', url, users.lawyer.token, { ...lawsuit, judgmentOn: '2027-02-20' });
    expect(fieldsOf(unordered)).toEqual(['judgmentOn']);
    expect(json(unordered).message).toMatch(/Sentencia no puede ser anterior a Admisión/);
    const future = await call('PUT', url, users.lawyer.token, { ...lawsuit, filedOn: '2027-03-11', admittedOn: null });
    expect(fieldsOf(future)).toEqual(['filedOn']);
    expect(fieldsOf(await call('PUT', url, users.lawyer.token, { ...lawsuit, court: '' }))).toEqual(['court']);

    const saved = await call('PUT', url, users.lawyer.token, lawsuit, { 'if-match': `"v${atLawsuit.version}"` });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(json(saved).lawsuit).toEqual({ ...lawsuit, servedOn: null, answeredOn: null, hearingOn: null, judgmentOn: null, enforcementOn: null, evictionOn: null, notes: '' });
    // A hearing may be set ahead; a second save replaces the whole record.
    const updated = await write('PUT', url, { ...lawsuit, servedOn: '2027-03-08', hearingOn: '2027-04-15', notes: 'Audiencia de pruebas' }, users.lawyer.token);
    expect(updated.lawsuit).toMatchObject({ servedOn: '2027-03-08', hearingOn: '2027-04-15', notes: 'Audiencia de pruebas' });
    expect((await call('PUT', url, users.lawyer.token, lawsuit, { 'if-match': `"v${atLawsuit.version}"` })).statusCode).toBe(412);
    // What is wrong with the input is said before the version is compared (decision 023).
    expect(fieldsOf(await call('PUT', url, users.lawyer.token, { ...lawsuit, filedOn: '2027-03-11', admittedOn: null }, { 'if-match': `"v${atLawsuit.version}"` }))).toEqual(['filedOn']);
    expect((await call('PUT', url, users.approver.token, lawsuit)).statusCode).toBe(403);
    expect((await call('PUT', url, users.otherBranchAgent.token, lawsuit)).statusCode).toBe(404);
    expect((await call('PUT', url, undefined, lawsuit)).statusCode).toBe(401);
  });
});

describe('costs, recovery and payouts', () => {
  it('totals what stands; a reversal needs its reason, is made once and by those who answer for the money', async () => {
    const opened = await caseOpenedDaysAgo(10);
    const url = `/api/claims/${opened.id}/movements`;
    await write('POST', url, { kind: 'court_fees', amount: '1500.50', on: '2027-03-02', description: 'Derechos' }, users.lawyer.token, 201);
    await write('POST', url, { kind: 'lawyer_fees', amount: 8000, on: '2027-03-03' }, users.lawyer.token, 201);
    await write('POST', url, { kind: 'recovery', amount: '18500', on: '2027-03-05' }, users.agent.token, 201);
    const afterPayout = await write('POST', url, { kind: 'owner_payout', amount: '17000', on: '2027-03-10' }, users.agent.token, 201);
    expect(afterPayout.totals).toEqual({ costs: '9500.50', recovered: '18500.00', paidToOwner: '17000.00' });

    expect(fieldsOf(await call('POST', url, users.agent.token, { kind: 'recovery', amount: '100', on: '2027-03-11' }))).toEqual(['on']);
    expect(fieldsOf(await call('POST', url, users.agent.token, { kind: 'recovery', amount: '0', on: '2027-03-10' }))).toEqual(['amount']);
    expect(fieldsOf(await call('POST', url, users.agent.token, { kind: 'recovery', amount: '1.001', on: '2027-03-10' }))).toEqual(['amount']);
    expect(fieldsOf(await call('POST', url, users.agent.token, { kind: 'tip', amount: '1', on: '2027-03-10' }))).toEqual(['kind']);
    expect((await call('POST', url, users.approver.token, { kind: 'notary', amount: '1', on: '2027-03-10' })).statusCode).toBe(403);
    expect((await call('POST', url, users.otherBranchAgent.token, { kind: 'notary', amount: '1', on: '2027-03-10' })).statusCode).toBe(404);

    const fees = afterPayout.movements.find((row) => row.kind === 'lawyer_fees')!;
    const reverse = `/api/claims/movements/${fees.id}/reverse`;
    expect(fieldsOf(await call('POST', reverse, users.manager.token, { reason: '' }))).toEqual(['reason']);
    expect((await call('POST', reverse, users.agent.token, { reason: 'Duplicado' })).statusCode).toBe(403);
    expect((await call('POST', reverse, users.lawyer.token, { reason: 'Duplicado' })).statusCode).toBe(403);
    expect((await call('POST', reverse, users.otherBranchManager.token, { reason: 'Duplicado' })).statusCode).toBe(404);
    const reversed = await write('POST', reverse, { reason: 'Capturado dos veces' }, users.manager.token);
    expect(reversed.totals).toEqual({ costs: '1500.50', recovered: '18500.00', paidToOwner: '17000.00' });
    expect(reversed.movements.find((row) => row.id === fees.id)).toMatchObject({ amount: '8000.00', reversedAt: '2027-03-10T18:00:00.000Z', reversalReason: 'Capturado dos veces' });
    const twice = await call('POST', reverse, users.manager.token, { reason: 'Otra vez' });
    expect(twice.statusCode).toBe(409);
    expect(json(twice).message).toBe('El movimiento ya se revirtió');
    expect((await call('POST', '/api/claims/movements/999999/reverse', users.admin.token, { reason: 'x' })).statusCode).toBe(404);
  });
});
