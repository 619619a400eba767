import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { claimDocumentSchema, claimMessages, claimNumber, policyFileSchema, type ClaimDocument, type ClaimDocumentKind, type Policy } from '@portal/domain';
import { rowsOf } from '../../../db/client';
import { claimDocuments, claimEvents, contractTemplates } from '../../../db/schema/index';
import { bearer, createTestContext, json, signInAs, tokenFor, type TestContext } from '../../../test/app';
import { pdfPages } from '../../../test/pdf-text';
import { sweepUnreferencedFiles } from '../../files/index';
import { fieldsOf, moveCase, openCase, policyInArrears } from '../agreement/cases.test-helpers';

// An incidencia's documents from templates (issue 33): 'today' is 10 March 2027 in Mexico City.
const NOW = new Date('2027-03-10T18:00:00Z');

let ctx: TestContext;
let agent: string;
let lawyer: { id: number; token: string };
let approver: string;
let otherBranch: string;
let policy: Policy;
let claimId: number;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  ctx = await createTestContext();
  [agent, approver, otherBranch] = await Promise.all([tokenFor(ctx, 'agent', 1), tokenFor(ctx, 'approver', 1), tokenFor(ctx, 'agent', 2)]);
  lawyer = await signInAs(ctx, 'lawyer', 1);
  policy = await policyInArrears(ctx, agent);
  claimId = await openCase(ctx, policy, NOW, lawyer.id);
}, 60_000);
afterAll(async () => {
  await ctx.close();
  vi.useRealTimers();
});

const draw = (kind: string, token?: string, id = claimId) =>
  ctx.app.inject({ method: 'POST', url: `/api/claims/${id}/documents/${kind}`, ...(token ? { headers: bearer(token) } : {}) });
const open = (documentId: number, token?: string) => ctx.app.inject({ url: `/api/claims/documents/${documentId}`, ...(token ? { headers: bearer(token) } : {}) });

/** Draws `kind`, checks the answer and the stored row, and reads the PDF back: its pages' text. */
async function drawAndRead(kind: ClaimDocumentKind, token = agent): Promise<{ document: ClaimDocument; pages: string[] }> {
  const drawn = await draw(kind, token);
  expect(drawn.statusCode, drawn.body).toBe(201);
  const document = claimDocumentSchema.strict().parse(json(drawn));
  expect(document).toMatchObject({ kind, fileName: expect.stringMatching(new RegExp(`-${claimNumber(claimId)}-2027-03-10\\.pdf$`)) });
  const file = await open(document.id, token);
  expect(file.statusCode, file.body).toBe(200);
  expect(file.headers['content-type']).toBe('application/pdf');
  expect(createHash('sha256').update(file.rawPayload).digest('hex')).toBe(document.sha256);
  expect(file.rawPayload.length).toBe(document.size);
  return { document, pages: await pdfPages(file.rawPayload) };
}

const months = [
  'enero 2027: $18,500.00 — pagaré 2 de 12, venció el 1 de enero de 2027',
  'febrero 2027: $18,500.00 — pagaré 3 de 12, venció el 1 de febrero de 2027',
  'marzo 2027: $18,500.00 — pagaré 4 de 12, venció el 1 de marzo de 2027',
];
const pagares = [
  'Pagaré 2 de 12: vence el 1 de enero de 2027, por $18,500.00',
  'Pagaré 3 de 12: vence el 1 de febrero de 2027, por $18,500.00',
  'Pagaré 4 de 12: vence el 1 de marzo de 2027, por $18,500.00',
];

describe("an incidencia's documents from templates", () => {
  it('draws the requerimiento de pago with the months, amounts and pagarés, the extrajudicial notice on every page, and joins the case and the expediente', async () => {
    const { document, pages } = await drawAndRead('payment_demand');
    const text = pages.join(' ');
    expect(text).toContain('REQUERIMIENTO DE PAGO');
    expect(text).toContain(`incidencia ${claimNumber(claimId)}`);
    expect(text).toContain(policy.tenants[0]!.name);
    expect(text).toContain('Rentas vencidas (3 meses):');
    for (const line of [...months, ...pagares]) expect(text).toContain(line);
    expect(text).toContain('Servicios impagos: $2,500.00');
    expect(text).toContain('Total adeudado: $58,000.00 (CINCUENTA Y OCHO MIL PESOS 00/100 M.N.)');
    for (const page of pages) expect(page).toContain(claimMessages.extrajudicialNotice);
    // The letter is signed by the person in charge of the case, for the branch.
    expect(text).toMatch(/Ana Pérez\s*Sucursal Polanco/);

    const [row] = await ctx.app.db.select().from(claimDocuments).where(eq(claimDocuments.id, document.id));
    expect(row).toMatchObject({ claimId, kind: 'payment_demand', templateVersion: 1, sha256: document.sha256 });
    const events = await ctx.app.db.select().from(claimEvents).where(eq(claimEvents.claimId, claimId));
    expect(events.map((event) => event.note)).toContain(`Documento generado: Requerimiento de pago (${document.fileName})`);
    const logged = rowsOf<{ action: string; subject: string }>(await ctx.app.db.execute(sql`select action, subject from access_log where policy_id = ${policy.id}`));
    expect(logged).toContainEqual({ action: 'claim_doc_download', subject: `Requerimiento de pago: ${document.fileName}` });

    const file = policyFileSchema.parse(json(await ctx.app.inject({ url: `/api/policy/${policy.id}/file`, headers: bearer(agent) })));
    expect(file.claimDocuments).toContainEqual({ ...document, claimId, claimNumber: claimNumber(claimId) });
    // The files' sweep keeps it: a row names it.
    const sweep = await sweepUnreferencedFiles(ctx.app.db, ctx.app.files, { olderThanMs: 0, dryRun: true, now: Date.now() + 86_400_000 });
    expect(sweep.unreferenced).not.toContain(row!.storedName);
  });

  it('draws the carta a obligados solidarios to the obligado, with the notice', async () => {
    const { pages } = await drawAndRead('guarantor_letter', lawyer.token);
    const text = pages.join(' ');
    expect(text).toContain('CARTA A OBLIGADOS SOLIDARIOS');
    expect(text).toContain('Jorge Ramírez Soto');
    expect(text).toContain('usted se constituyó en obligado solidario');
    for (const line of months) expect(text).toContain(line);
    expect(text).toContain('Total adeudado: $58,000.00');
    for (const page of pages) expect(page).toContain(claimMessages.extrajudicialNotice);
  });

  it('draws the convenio de pago only with an agreement in force, listing its instalments and the parties to sign', async () => {
    const refused = await draw('payment_agreement', agent);
    expect(refused.statusCode).toBe(409);
    expect(json(refused).message).toBe('La incidencia no tiene un convenio de pago vigente: regístrelo antes de generar el convenio');
    const instalments = [
      { dueOn: '2027-03-15', amount: '20000' },
      { dueOn: '2027-04-15', amount: '20000' },
      { dueOn: '2027-05-15', amount: '18000.50' },
    ];
    const agreed = await ctx.app.inject({ method: 'POST', url: `/api/claims/${claimId}/agreement`, headers: bearer(agent), payload: { instalments } });
    expect(agreed.statusCode, agreed.body).toBe(201);
    const { pages } = await drawAndRead('payment_agreement');
    const text = pages.join(' ');
    expect(text).toContain('CONVENIO DE PAGO');
    expect(text).toContain('$58,000.50 (CINCUENTA Y OCHO MIL PESOS 50/100 M.N.) en 3 parcialidades');
    expect(text).toContain('1. 15 de marzo de 2027: $20,000.00');
    expect(text).toContain('2. 15 de abril de 2027: $20,000.00');
    expect(text).toContain('3. 15 de mayo de 2027: $18,000.50');
    for (const line of months) expect(text).toContain(line);
    expect(text).toMatch(/Roberto Sánchez Villa\s*EL ARRENDADOR/);
    expect(text).toMatch(/Jorge Ramírez Soto\s*EL OBLIGADO SOLIDARIO/);
    for (const page of pages) expect(page).toContain(claimMessages.extrajudicialNotice);
  });

  it("draws the resumen para demanda for the lawyer: the facts with the schedule, the pagarés and the contract's data, without the notice", async () => {
    const { pages } = await drawAndRead('lawsuit_summary', lawyer.token);
    const text = pages.join(' ');
    expect(text).toContain('RESUMEN PARA DEMANDA');
    expect(text).toContain('Renta mensual: $18,500.00 (DIECIOCHO MIL QUINIENTOS PESOS 00/100 M.N.)');
    expect(text).toContain('Vigencia: 12 meses a partir del 1 de diciembre de 2026');
    expect(text).toContain('Depósito en garantía: $18,500.00');
    expect(text).toContain('2. Para documentar el pago de las rentas, el arrendatario suscribió 12 pagarés');
    expect(text).toContain('3. Según el calendario de rentas, al 10 de marzo de 2027 habían vencido 4 de los 12 meses: 1 pagado y 3 sin pagar completos.');
    expect(text).toContain('enero 2027 ($18,500.00, pagaré 2 de 12); febrero 2027 ($18,500.00, pagaré 3 de 12); marzo 2027 ($18,500.00, pagaré 4 de 12)');
    expect(text).toContain('convenio de pago de 3 parcialidades por $58,000.50');
    expect(text).toContain('lo reclamado asciende a $58,000.00');
    for (const line of pagares) expect(text).toContain(line);
    expect(text).not.toContain(claimMessages.extrajudicialNotice);
  });

  it('refuses a collection letter that imitates a court paper: saving the template (400 on the body), previewing it, and drawing from a stored one (409)', async () => {
    const admin = await tokenFor(ctx, 'admin', 1);
    const body = '# AVISO\n\nCitatorio para {{arrendatario.nombre}}.';
    const saved = await ctx.app.inject({ method: 'PUT', url: '/api/admin/templates/payment_demand', headers: bearer(admin), payload: { branchId: 1, body } });
    expect(saved.statusCode).toBe(400);
    expect(fieldsOf(saved)).toEqual(['body']);
    expect(json(saved).details[0].message).toBe(claimMessages.courtImitation('citatorio'));
    const previewed = await ctx.app.inject({ method: 'POST', url: '/api/admin/templates/guarantor_letter/preview', headers: bearer(admin), payload: { branchId: null, body: 'Por orden del Juzgado', policyId: policy.id } });
    expect(previewed.statusCode).toBe(400);
    expect(json(previewed).details[0]).toEqual({ field: 'body', message: claimMessages.courtImitation('juzgado') });
    // The demand summary is the lawyer's own work: it may name the court.
    const summary = await ctx.app.inject({ method: 'PUT', url: '/api/admin/templates/lawsuit_summary', headers: bearer(admin), payload: { branchId: 2, body: '# RESUMEN\n\nJuzgado: {{demanda.juzgado}}' } });
    expect(summary.statusCode, summary.body).toBe(201);

    // A text that reached the database another way is refused when drawn, and nothing is stored.
    await ctx.app.db.insert(contractTemplates).values({ kind: 'guarantor_letter', branchId: 1, version: 2, body: '# CARTA\n\nEmplazamiento a {{obligado.nombre}}.' });
    const before = await ctx.app.db.select().from(claimDocuments).where(eq(claimDocuments.claimId, claimId));
    const drawn = await draw('guarantor_letter', agent);
    expect(drawn.statusCode).toBe(409);
    expect(json(drawn).message).toBe(claimMessages.courtImitation('emplazamiento'));
    expect(await ctx.app.db.select().from(claimDocuments).where(eq(claimDocuments.claimId, claimId))).toHaveLength(before.length);
  });

  it("previews a case document for an admin from the policy's newest case; a policy without cases is a 400", async () => {
    const admin = await tokenFor(ctx, 'admin', 1);
    const body = '# REQUERIMIENTO\n\n{{incidencia.meses}}';
    const preview = await ctx.app.inject({ method: 'POST', url: '/api/admin/templates/payment_demand/preview', headers: bearer(admin), payload: { branchId: null, body, policyId: policy.id } });
    expect(preview.statusCode, preview.body).toBe(200);
    expect((await pdfPages(preview.rawPayload)).join(' ')).toContain(months[0]);
    const other = await policyInArrears(ctx, agent);
    const none = await ctx.app.inject({ method: 'POST', url: '/api/admin/templates/payment_demand/preview', headers: bearer(admin), payload: { branchId: null, body, policyId: other.id } });
    expect(none.statusCode).toBe(400);
    expect(fieldsOf(none)).toEqual(['policyId']);
  });

  it('lists the four kinds in the templates admin with their default texts', async () => {
    const admin = await tokenFor(ctx, 'admin', 1);
    for (const [kind, title] of [['payment_demand', '# REQUERIMIENTO DE PAGO'], ['guarantor_letter', '# CARTA A OBLIGADOS SOLIDARIOS'], ['payment_agreement', '# CONVENIO DE PAGO'], ['lawsuit_summary', '# RESUMEN PARA DEMANDA']] as const) {
      const response = await ctx.app.inject({ url: `/api/admin/templates/${kind}`, headers: bearer(admin) });
      expect(response.statusCode, response.body).toBe(200);
      expect(json(response).current).toMatchObject({ kind, branchId: null, version: 1, body: expect.stringContaining(title) });
    }
  });

  it('refuses a bad kind (400), no session (401), the approver (403), another branch (404) and a closed case (409)', async () => {
    const bad = await draw('citatorio', agent);
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(['kind']);
    expect((await draw('payment_demand')).statusCode).toBe(401);
    expect((await draw('payment_demand', approver)).statusCode).toBe(403);
    expect((await draw('payment_demand', otherBranch)).statusCode).toBe(404);
    expect((await draw('payment_demand', agent, 999_999)).statusCode).toBe(404);

    const [stored] = await ctx.app.db.select().from(claimDocuments).where(eq(claimDocuments.claimId, claimId));
    expect((await open(stored!.id)).statusCode).toBe(401);
    expect((await open(stored!.id, otherBranch)).statusCode).toBe(404);
    expect((await open(999_999, agent)).statusCode).toBe(404);
    // Every role of the branch opens it, as the expediente's documents.
    expect((await open(stored!.id, approver)).statusCode).toBe(200);

    const closing = await openCase(ctx, policy, NOW);
    await moveCase(ctx, closing, { stage: 'closed', note: '', result: 'withdrawn' }, NOW);
    const closed = await draw('payment_demand', agent, closing);
    expect(closed.statusCode).toBe(409);
    expect(json(closed).message).toBe(claimMessages.closedReadOnly);
  });
});
