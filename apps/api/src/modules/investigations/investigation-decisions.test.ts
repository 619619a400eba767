import { describe, expect, it } from 'vitest';
import type { Policy } from '@portal/domain';
import { bearer, json } from '../../test/app';
import { newPolicy } from '../../test/policies';
import { sampleFiles } from '../../test/files';
import {
  admin,
  agent,
  approver,
  confirmed,
  ctx,
  decide,
  documentsOf,
  eventsOf,
  manager,
  plusPolicy,
  santaFeManager,
  setUpInvestigationTests,
  statusOf,
  upload,
  uploaded,
} from './investigations.test-helpers';

setUpInvestigationTests();

describe('approve and reject', () => {
  it('created → investigation → approved, each an event naming who acted', async () => {
    const policy = await newPolicy(ctx, { token: agent });
    const early = await decide(manager, 'approve', policy.investigationId);
    expect(json(early)).toMatchObject({ statusCode: 409, message: 'La póliza no está en investigación: suba al menos un documento antes de aprobar o rechazar' });

    await uploaded(agent, policy.investigationId, 'tenantId');
    const response = await decide(manager, 'approve', policy.investigationId, 'GET', confirmed);
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({
      policyId: policy.id,
      investigationId: policy.investigationId,
      status: 'investigation_approved',
      message: 'Los documentos han sido aprobados correctamente',
    });
    expect(await statusOf(policy)).toBe('investigation_approved');

    const transitions = (await eventsOf(policy)).filter((event) => event.toStatus).map((event) => [event.fromStatus, event.toStatus, event.note]);
    expect(transitions).toEqual([
      [
        'investigation',
        'investigation_approved',
        'Investigación aprobada\nAprobada con documentos faltantes: Comprobantes de ingresos, Carta Laboral, Comprobante de domicilio, Identificación del propietario',
      ],
      ['created', 'investigation', 'Documento subido: Identificación del inquilino (documento.pdf)'],
      [null, 'created', 'Póliza creada'],
    ]);

    const again = await decide(approver, 'reject', policy.investigationId);
    expect(json(again)).toMatchObject({ statusCode: 409, message: 'La investigación ya fue resuelta: la póliza está en «Investigación aprobada»' });
    const document = (await documentsOf(policy.investigationId))[0]!;
    const deleteLate = await ctx.app.inject({ method: 'DELETE', url: `/api/policy/delete/${document.id}`, headers: bearer(agent) });
    expect(deleteLate.statusCode).toBe(409);
  });

  it('investigation → rejected by POST, recorded with the approver', async () => {
    const policy = await plusPolicy();
    await uploaded(agent, policy.investigationId, 'guarantorDeed');
    const response = await decide(approver, 'reject', policy.investigationId, 'POST');
    expect(json(response)).toMatchObject({ status: 'investigation_rejected', message: 'Los documentos han sido rechazados correctamente' });
    const [event] = await eventsOf(policy);
    expect(event).toMatchObject({ fromStatus: 'investigation', toStatus: 'investigation_rejected', userName: 'Ana Pérez', note: 'Investigación rechazada' });
  });

  it('refuses to decide an investigation whose documents were all deleted', async () => {
    const policy = await newPolicy(ctx, { token: agent });
    const document = await uploaded(agent, policy.investigationId, 'tenantId');
    await ctx.app.inject({ method: 'DELETE', url: `/api/policy/delete/${document.id}`, headers: bearer(agent) });
    expect(json(await decide(manager, 'approve', policy.investigationId))).toMatchObject({ statusCode: 409, message: 'No hay documentos para revisar' });
  });

  it("hides another branch's investigation (404) from its reviewers; admins decide in any branch", async () => {
    const policy = await newPolicy(ctx, { token: agent });
    await uploaded(agent, policy.investigationId, 'tenantId');
    expect(json(await decide(santaFeManager, 'approve', policy.investigationId))).toMatchObject({ statusCode: 404, message: 'No se encontró la investigación' });
    expect(await statusOf(policy)).toBe('investigation');
    expect((await decide(admin, 'reject', policy.investigationId)).statusCode).toBe(200);
  });
});

describe('approve and reject: reasons and missing documents', () => {
  /** Every document a Básica policy asks for, the tenant's INE in two images. */
  async function completeBasica(): Promise<Policy> {
    const policy = await newPolicy(ctx, { token: agent });
    const folio = policy.investigationId;
    expect((await upload(agent, folio, 'tenantId', sampleFiles.pdf(), 'ine.pdf', 'ineSeparada')).statusCode).toBe(201);
    expect((await upload(agent, folio, 'tenantIdBack', sampleFiles.pdf(), 'ine-atras.pdf', 'ineSeparada')).statusCode).toBe(201);
    for (const slot of ['incomeProof', 'employmentLetter', 'utilities', 'ownerId']) await uploaded(agent, folio, slot);
    return policy;
  }

  it('approves a complete file with the reason on the event, shown in the history (POST JSON)', async () => {
    const policy = await completeBasica();
    const response = await decide(manager, 'approve', policy.investigationId, 'POST', { reason: '  Ingresos comprobados: 3 veces la renta  ' });
    expect(response.statusCode, response.body).toBe(200);
    const [event] = await eventsOf(policy);
    expect(event).toMatchObject({
      fromStatus: 'investigation',
      toStatus: 'investigation_approved',
      note: 'Investigación aprobada\nMotivo: Ingresos comprobados: 3 veces la renta',
    });
  });

  it('takes the reason in the query string of the spec\'s GET, and for a rejection too', async () => {
    const policy = await completeBasica();
    const response = await decide(approver, 'reject', policy.investigationId, 'GET', { reason: 'Carta laboral apócrifa' });
    expect(response.statusCode, response.body).toBe(200);
    expect((await eventsOf(policy))[0]).toMatchObject({ toStatus: 'investigation_rejected', note: 'Investigación rechazada\nMotivo: Carta laboral apócrifa' });
  });

  it('refuses to approve with missing documents unless confirmed (409 listing them), then records them', async () => {
    const policy = await newPolicy(ctx, { token: agent });
    const folio = policy.investigationId;
    expect((await upload(agent, folio, 'tenantId', sampleFiles.pdf(), 'ine.pdf', 'ineSeparada')).statusCode).toBe(201);
    await uploaded(agent, folio, 'incomeProof');
    await uploaded(agent, folio, 'ownerId');

    for (const method of ['GET', 'POST'] as const) {
      const refused = await decide(manager, 'approve', folio, method);
      expect(json(refused)).toEqual({
        statusCode: 409,
        error: 'Conflict',
        code: 'conflict',
        message:
          'Faltan documentos obligatorios: INE parte trasera del inquilino, Carta Laboral, Comprobante de domicilio. ' +
          'Confirme que desea aprobar la investigación sin ellos.',
        details: [
          { field: 'tenantIdBack', message: 'INE parte trasera del inquilino' },
          { field: 'employmentLetter', message: 'Carta Laboral' },
          { field: 'utilities', message: 'Comprobante de domicilio' },
        ],
      });
    }
    expect(json(await decide(manager, 'approve', folio, 'GET', { confirmMissing: false }))).toMatchObject({ statusCode: 409 });
    expect(await statusOf(policy)).toBe('investigation');

    const accepted = await decide(manager, 'approve', folio, 'POST', { confirmMissing: true, reason: 'La carta llega mañana' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await eventsOf(policy))[0]!.note).toBe(
      'Investigación aprobada\n' +
        'Aprobada con documentos faltantes: INE parte trasera del inquilino, Carta Laboral, Comprobante de domicilio\n' +
        'Motivo: La carta llega mañana',
    );
  });

  it('rejects without asking about missing documents', async () => {
    const policy = await newPolicy(ctx, { token: agent });
    await uploaded(agent, policy.investigationId, 'ownerId');
    expect((await decide(manager, 'reject', policy.investigationId, 'POST')).statusCode).toBe(200);
  });

  it('answers 400 naming the field for a reason too long or a confirmation that is not true/false', async () => {
    const policy = await completeBasica();
    const long = await decide(manager, 'approve', policy.investigationId, 'POST', { reason: 'x'.repeat(501) });
    expect(json(long)).toMatchObject({
      statusCode: 400,
      details: [{ field: 'reason', message: 'El campo Motivo admite como máximo 500 caracteres' }],
    });
    const longQuery = await decide(manager, 'reject', policy.investigationId, 'GET', { reason: 'x'.repeat(501) });
    expect(json(longQuery)).toMatchObject({ statusCode: 400, details: [{ field: 'reason' }] });
    const flag = await ctx.app.inject({ url: `/api/policy/approve/${policy.investigationId}?confirmMissing=quizas`, headers: bearer(manager) });
    expect(json(flag)).toMatchObject({ statusCode: 400, details: [{ field: 'confirmMissing', message: 'El valor del campo Confirmar documentos faltantes no es válido' }] });
    expect(await statusOf(policy)).toBe('investigation');
  });

  it('keeps 401 without a token, 403 for an agent and 404 for another branch with a reason', async () => {
    const policy = await completeBasica();
    const folio = policy.investigationId;
    const anonymous = await ctx.app.inject({ method: 'POST', url: `/api/policy/approve/${folio}`, payload: { reason: 'Bien' } });
    expect(anonymous.statusCode).toBe(401);
    expect((await decide(agent, 'approve', folio, 'POST', { reason: 'Bien', confirmMissing: true })).statusCode).toBe(403);
    expect((await decide(santaFeManager, 'approve', folio, 'POST', { reason: 'Bien' })).statusCode).toBe(404);
    expect(await statusOf(policy)).toBe('investigation');
  });
});
