import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { emailOutbox } from '../../db/schema/index';
import { json } from '../../test/app';
import { activePolicy, call, db, fieldsOf, openCase, useClaimsContext, users, write } from './claims.test-helpers';

// The stages of a case and their events (issue 33): who, when, why; closing needs a result, a
// closed case is read-only except for reopening with a reason; the owner may be told by e-mail.
useClaimsContext();

const emailsTo = (recipient: string) => db().select().from(emailOutbox).where(eq(emailOutbox.recipient, recipient)).orderBy(emailOutbox.id);

describe('POST /api/claims/{id}/stage', () => {
  it('moves forward with an event per change, and closes only with a result', async () => {
    const policy = await activePolicy();
    const opened = await openCase(policy.id);
    const url = `/api/claims/${opened.id}/stage`;
    const validation = await write('POST', url, { stage: 'validation', note: 'Pedimos el contrato' });
    expect(validation).toMatchObject({ stage: 'validation', stageLabel: 'Validación', status: 'open', version: 2 });
    expect(validation.events[0]).toMatchObject({ fromStage: 'report', toStage: 'validation', note: 'Pedimos el contrato', actor: 'Ana Pérez', ownerNotified: false });
    // A stage may be skipped forward without a note (the demand goes straight to court).
    await write('POST', url, { stage: 'lawsuit' }, users.lawyer.token);

    expect(fieldsOf(await call('POST', url, users.agent.token, { stage: 'closed' }))).toEqual(['result']);
    expect(fieldsOf(await call('POST', url, users.agent.token, { stage: 'judgment', result: 'paid' }))).toEqual(['result']);
    expect(fieldsOf(await call('POST', url, users.agent.token, { stage: 'finished' }))).toEqual(['stage']);
    expect((await call('POST', url, users.agent.token, { stage: 'lawsuit' })).statusCode).toBe(409);

    const closed = await write('POST', url, { stage: 'closed', result: 'property_recovered', note: 'Lanzamiento ejecutado' });
    expect(closed).toMatchObject({ stage: 'closed', status: 'closed', result: 'property_recovered', stageLabel: 'Cerrada', closedAt: expect.any(String) });
    expect(closed.events.map((event) => event.toStage)).toEqual(['closed', 'lawsuit', 'validation', 'report']);
    expect(closed.events[0]).toMatchObject({ fromStage: 'lawsuit', result: 'property_recovered' });
  });

  it('asks for the reason to go back, and to reopen a closed case (which is otherwise read-only)', async () => {
    const policy = await activePolicy();
    const opened = await openCase(policy.id);
    const url = `/api/claims/${opened.id}/stage`;
    await write('POST', url, { stage: 'agreement' });
    expect(fieldsOf(await call('POST', url, users.agent.token, { stage: 'extrajudicial' }))).toEqual(['note']);
    const back = await write('POST', url, { stage: 'extrajudicial', note: 'El inquilino incumplió el convenio' });
    expect(back.events[0]).toMatchObject({ fromStage: 'agreement', toStage: 'extrajudicial', note: 'El inquilino incumplió el convenio' });

    await write('POST', url, { stage: 'closed', result: 'uncollectible' });
    const readOnly = 'La incidencia está cerrada: solo puede reabrirse con un motivo';
    const refusals = [
      await call('POST', url, users.agent.token, { stage: 'closed', result: 'paid', note: 'Otra vez' }),
      await call('PATCH', `/api/claims/${opened.id}`, users.agent.token, { description: 'Cambio' }),
      await call('POST', `/api/claims/${opened.id}/contacts`, users.agent.token, { channel: 'call', party: 'tenant', at: '2027-03-10T17:00:00Z', result: 'Sin respuesta' }),
      await call('POST', `/api/claims/${opened.id}/deadlines`, users.agent.token, { dueOn: '2027-03-20', description: 'Audiencia' }),
      await call('POST', `/api/claims/${opened.id}/movements`, users.agent.token, { kind: 'notary', amount: '100', on: '2027-03-10' }),
    ];
    for (const refused of refusals) {
      expect(refused.statusCode, refused.body).toBe(409);
      expect(json(refused).message).toBe(readOnly);
    }
    expect(fieldsOf(await call('POST', url, users.agent.token, { stage: 'extrajudicial' }))).toEqual(['note']);
    const reopened = await write('POST', url, { stage: 'extrajudicial', note: 'El inquilino volvió a dejar de pagar' });
    expect(reopened).toMatchObject({ status: 'open', stage: 'extrajudicial', result: null, closedAt: null });
    expect(reopened.events[0]).toMatchObject({ fromStage: 'closed', toStage: 'extrajudicial', note: 'El inquilino volvió a dejar de pagar' });
  });

  it("tells the owner by e-mail when asked, in the office's words for the stage and never the internal note", async () => {
    const policy = await activePolicy({ ownerEmail: 'dueno.incidencias@correo.mx' });
    const opened = await openCase(policy.id);
    const saved = await call('PUT', '/api/admin/claim-stages', users.admin.token, { labels: { report: 'Reporte', validation: 'Validación', extrajudicial: 'Cobranza amistosa', agreement: 'Convenio de pago', lawsuit: 'Demanda', judgment: 'Sentencia', enforcement: 'Ejecución / Lanzamiento', closed: 'Cerrada' } });
    expect(saved.statusCode, saved.body).toBe(200);
    const moved = await write('POST', `/api/claims/${opened.id}/stage`, { stage: 'extrajudicial', note: 'Nota interna: el inquilino es conflictivo', notifyOwner: true });
    expect(moved.events[0]).toMatchObject({ toStage: 'extrajudicial', ownerNotified: true });
    expect(moved.stageLabel).toBe('Cobranza amistosa');
    const [email, ...more] = await emailsTo('dueno.incidencias@correo.mx');
    expect(more).toEqual([]);
    expect(email).toMatchObject({ kind: 'claim_stage', status: 'queued', subject: `Su incidencia ${moved.number}: Cobranza amistosa — ${moved.branchName}` });
    expect(email!.text).toContain(`Su incidencia ${moved.number} pasó a la etapa «Cobranza amistosa».`);
    expect(email!.text).toContain('Estamos en contacto con el inquilino y los obligados solidarios');
    expect(email!.text).toContain(`Hola, ${policy.property.owner.name}.`);
    expect(email!.text + email!.html).not.toContain('conflictivo');
    // Without notifyOwner nothing is sent; a refused move sends nothing either.
    await write('POST', `/api/claims/${opened.id}/stage`, { stage: 'agreement' });
    expect((await call('POST', `/api/claims/${opened.id}/stage`, users.agent.token, { stage: 'agreement', notifyOwner: true })).statusCode).toBe(409);
    expect(await emailsTo('dueno.incidencias@correo.mx')).toHaveLength(1);
    await call('PUT', '/api/admin/claim-stages', users.admin.token, { labels: { report: 'Reporte', validation: 'Validación', extrajudicial: 'Gestión extrajudicial', agreement: 'Convenio de pago', lawsuit: 'Demanda', judgment: 'Sentencia', enforcement: 'Ejecución / Lanzamiento', closed: 'Cerrada' } });
  });

  it('changes the stage all the same when the owner has no e-mail, without saying they were told', async () => {
    const policy = await activePolicy({ ownerEmail: '' });
    const opened = await openCase(policy.id);
    const moved = await write('POST', `/api/claims/${opened.id}/stage`, { stage: 'validation', notifyOwner: true });
    expect(moved).toMatchObject({ stage: 'validation' });
    expect(moved.events[0]!.ownerNotified).toBe(false);
  });

  it('answers 401 without a session, 403 to an approver, 404 for another branch', async () => {
    const policy = await activePolicy();
    const opened = await openCase(policy.id);
    const url = `/api/claims/${opened.id}/stage`;
    expect((await call('POST', url, undefined, { stage: 'validation' })).statusCode).toBe(401);
    expect((await call('POST', url, users.approver.token, { stage: 'validation' })).statusCode).toBe(403);
    expect((await call('POST', url, users.otherBranchAgent.token, { stage: 'validation' })).statusCode).toBe(404);
    expect((await call('POST', url, users.otherBranchManager.token, { stage: 'validation' })).statusCode).toBe(404);
  });
});

describe('PATCH /api/claims/{id}', () => {
  it('corrects the amounts, the description and the responsible person, honouring If-Match', async () => {
    const policy = await activePolicy();
    const opened = await openCase(policy.id);
    const url = `/api/claims/${opened.id}`;
    const response = await call('PATCH', url, users.lawyer.token, { damagesClaimed: '3500.25', assigneeId: users.lawyer.id }, { 'if-match': '"v1"' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers.etag).toBe('"v2"');
    expect(json(response)).toMatchObject({ damagesClaimed: '3500.25', rentClaimed: '74000.00', amountClaimed: '77500.25', description: 'Ventana rota', assignee: { id: users.lawyer.id }, version: 2, updatedBy: 'Ana Pérez' });
    const stale = await call('PATCH', url, users.agent.token, { description: 'Otra cosa' }, { 'if-match': '"v1"' });
    expect(stale.statusCode).toBe(412);
    expect(json(stale).message).toMatch(/^Ana Pérez guardó cambios/);
    expect(fieldsOf(await call('PATCH', url, users.agent.token, { description: 'x' }, { 'if-match': 'v2' }))).toEqual(['If-Match']);
    expect(fieldsOf(await call('PATCH', url, users.agent.token, { assigneeId: users.otherBranchAgent.id }, { 'if-match': '"v1"' }))).toEqual(['assigneeId']);
    // Unassigning is allowed; an approver cannot be assigned.
    expect(json(await call('PATCH', url, users.agent.token, { assigneeId: null })).assignee).toBeNull();
    expect(fieldsOf(await call('PATCH', url, users.agent.token, { assigneeId: users.approver.id }))).toEqual(['assigneeId']);
    expect(fieldsOf(await call('PATCH', url, users.agent.token, { rentClaimed: 'mucho' }))).toEqual(['rentClaimed']);
    expect((await call('PATCH', url, users.approver.token, { description: 'x' })).statusCode).toBe(403);
    expect((await call('PATCH', url, users.otherBranchAgent.token, { description: 'x' })).statusCode).toBe(404);
    expect((await call('PATCH', url, undefined, { description: 'x' })).statusCode).toBe(401);
  });
});
