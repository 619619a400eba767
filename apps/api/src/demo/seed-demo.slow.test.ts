import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { businessDate, foldForSearch, formatInvestigationFolio, guarantorRequiredFor, policySchema, policySearchQuerySchema, policySearchText, policyStatuses, type PolicyStatus } from '@portal/domain';
import { createTestDatabase, type TestDatabase } from '../test/database';
import { hashPassword } from '../lib/passwords';
import { guarantors, guarantorVehicles, policies, policyEvents, policyNumberCounters, properties, rents, tenantReferences, tenants, users } from '../db/schema/index';
import { seedIfEmpty } from '../db/seed';
import { DiskFileStore } from '../lib/file-store';
import { addendums, appointments, attendees, emailOutbox, investigationDocuments, leadNotes, leads } from '../db/schema/index';
import { requiredDocuments } from '@portal/domain';
import { DEMO_MARKER } from './demo-people';
import { demoPlan, seedDemoPolicies, type DemoSeedResult } from './seed-demo';
import { loadPolicies, searchPolicies } from '../modules/policies/index';

let testDb: TestDatabase;
let first: DemoSeedResult;
const files = new DiskFileStore(fs.mkdtempSync(path.join(os.tmpdir(), 'portal-demo-files-')));
const startedAt = Date.now();

beforeAll(async () => {
  testDb = await createTestDatabase();
  await seedIfEmpty(testDb.database.db, { email: 'admin@test.mx', password: 'Admin-Secreta-1' });
  first = await seedDemoPolicies(testDb.database.db, { files });
}, 120_000);
afterAll(() => testDb.drop());

const db = () => testDb.database.db;
const polancoRows = () => db().select().from(policies).where(eq(policies.branchId, 1)).orderBy(asc(policies.id));

describe('seedDemoPolicies', () => {
  it('fills Sucursal Polanco with 40 policies in every one of the ten statuses, as the admin', async () => {
    expect(first).toMatchObject({ branchId: 1, branchName: 'Sucursal Polanco', skipped: false, policies: 40, actorEmail: 'admin@test.mx' });
    expect(first.byStatus).toEqual(Object.fromEntries(demoPlan));
    const rows = await polancoRows();
    expect(rows).toHaveLength(40);
    expect(new Set(rows.map((row) => row.status))).toEqual(new Set(policyStatuses));
    expect(rows.every((row) => row.specialnote.startsWith(DEMO_MARKER))).toBe(true);
    expect(new Set(rows.map((row) => row.policyType))).toEqual(new Set(['basica', 'plus', 'plusAuto', 'garantiaPlus']));
  });

  it('queues no e-mail: its people live at example.com, a domain no one receives mail at (issue 29)', async () => {
    expect(await db().select().from(emailOutbox)).toEqual([]);
    const addresses = [...(await db().select({ email: tenants.email }).from(tenants)), ...(await db().select({ email: attendees.email }).from(attendees))]
      .map((row) => row.email)
      .filter((email) => email !== '');
    expect(addresses.length).toBeGreaterThan(0);
    for (const email of addresses) expect(email).toMatch(/@example\.com$/);
  });

  it('numbers its folios as the product does: {code}-{year}-{NNNNN} per year, in approval order, without gaps; the counters go on from there (issue 29)', async () => {
    const rows = await polancoRows();
    const approvals = await db()
      .select({ policyId: policyEvents.policyId, createdAt: policyEvents.createdAt })
      .from(policyEvents)
      .where(and(inArray(policyEvents.policyId, rows.map((row) => row.id)), eq(policyEvents.toStatus, 'investigation_approved')));
    const approvedAt = new Map(approvals.map((event) => [event.policyId, event.createdAt.getTime()]));
    const numbered = rows.filter((row) => row.policyNumber !== '').sort((a, b) => approvedAt.get(a.id)! - approvedAt.get(b.id)!);
    expect(numbered.length).toBeGreaterThan(10);
    const byYear = new Map<string, number[]>();
    for (const row of numbered) {
      const [code, year, sequence] = row.policyNumber.split('-');
      expect(code).toBe('POL');
      expect(year).toBe(businessDate(new Date(approvedAt.get(row.id)!)).slice(0, 4));
      byYear.set(year!, [...(byYear.get(year!) ?? []), Number(sequence)]);
    }
    expect(byYear.size).toBeGreaterThan(1);
    const counters = await db().select().from(policyNumberCounters).where(eq(policyNumberCounters.branchId, 1));
    for (const [year, sequences] of byYear) {
      expect(sequences, year).toEqual(sequences.map((_, index) => index + 1));
      expect(counters.find((counter) => counter.year === Number(year))?.lastValue, year).toBe(sequences.length);
    }
  });

  it('writes search_text exactly as the service does, with a folio of the (back-dated) creation minute', async () => {
    for (const row of await polancoRows()) {
      expect(row.searchText).toBe(policySearchText(row));
      const suffix = Number(row.investigationId.slice(-3));
      expect(row.investigationId).toBe(formatInvestigationFolio(row.createdAt, suffix));
      expect(row.createdAt.getTime()).toBeLessThanOrEqual(row.updatedAt.getTime());
      expect(row.updatedAt.getTime()).toBeLessThanOrEqual(Date.now());
    }
    // Spread over months: the expired ones are more than a year old.
    const ages = (await polancoRows()).map((row) => (startedAt - row.createdAt.getTime()) / 86_400_000);
    expect(Math.min(...ages)).toBeLessThan(7);
    expect(Math.max(...ages)).toBeGreaterThan(365);
  });

  it('gives every policy its history: created, then each status it went through, dated with the policy', async () => {
    const rows = await polancoRows();
    const events = await db()
      .select()
      .from(policyEvents)
      .where(inArray(policyEvents.policyId, rows.map((row) => row.id)))
      .orderBy(asc(policyEvents.id));
    expect(events).toHaveLength(first.events);
    for (const row of rows) {
      // The status history (addendums add lines without a status change to some active policies).
      const own = events.filter((event) => event.policyId === row.id && event.toStatus !== null);
      expect(own[0]).toMatchObject({ fromStatus: null, toStatus: 'created', note: 'Póliza creada', userId: row.userId, createdAt: row.createdAt });
      expect(own.at(-1)).toMatchObject({ toStatus: row.status, createdAt: row.updatedAt });
      for (let index = 1; index < own.length; index++) {
        expect(own[index]!.fromStatus).toBe(own[index - 1]!.toStatus);
        expect(own[index]!.createdAt.getTime()).toBeGreaterThan(own[index - 1]!.createdAt.getTime());
      }
      // The policy number arrives with the approval, in the form ('Datos generales').
      const approval = own.find((event) => event.toStatus === 'investigation_approved');
      if (approval) expect(approval.changes).toEqual(['Salto de estatus', 'Datos generales']);
      expect(row.policyNumber === '').toBe(!approval);
    }
    const active = rows.find((row) => row.status === 'active')!;
    expect(events.filter((event) => event.policyId === active.id && event.toStatus !== null).map((event) => event.toStatus)).toEqual([
      'created',
      'investigation',
      'investigation_approved',
      'contracts',
      'signature',
      'active',
    ]);
  });

  it('writes whole policies: tenants with references, guarantors (and vehicles) for Plus types, property, owner and rent', async () => {
    const rows = await polancoRows();
    const ids = rows.map((row) => row.id);
    const loaded = await loadPolicies(db(), { ids });
    expect(loaded).toHaveLength(40);
    for (const policy of loaded) {
      policySchema.parse(policy);
      expect(policy.tenants.length).toBeGreaterThan(0);
      expect(policy.tenants.every((tenant) => tenant.references.length > 0)).toBe(true);
      expect(policy.guarantors.length > 0).toBe(guarantorRequiredFor(policy.policyType));
      expect(policy.guarantors.every((guarantor) => (guarantor.vehicle !== null) === (policy.policyType === 'plusAuto'))).toBe(true);
      expect(policy.property.rent.price).toBeGreaterThan(0);
      expect(policy.property.address.zipCode).toMatch(/^\d{5}$/);
    }
    const [tenantCount, referenceCount, vehicleCount, rentCount] = await Promise.all([
      db().$count(tenants, inArray(tenants.policyId, ids)),
      db().$count(tenantReferences),
      db().$count(guarantorVehicles),
      db().$count(rents, inArray(rents.propertyId, db().select({ id: properties.id }).from(properties).where(inArray(properties.policyId, ids)))),
    ]);
    expect(tenantCount).toBeGreaterThanOrEqual(40);
    expect(referenceCount).toBeGreaterThanOrEqual(tenantCount);
    expect(vehicleCount).toBe(loaded.filter((policy) => policy.policyType === 'plusAuto').reduce((total, policy) => total + policy.guarantors.length, 0));
    expect(rentCount).toBe(40);
    expect(await db().$count(guarantors, inArray(guarantors.policyId, ids))).toBeGreaterThan(0);
  });

  it('dates leases so that "Por vencer" ends within thirty days and "Vencida" has ended', async () => {
    const rows = await polancoRows();
    const loaded = await loadPolicies(db(), { ids: rows.map((row) => row.id) });
    const endOf = (start: string) => Date.parse(`${Number(start.slice(0, 4)) + 1}${start.slice(4)}T12:00:00Z`);
    for (const policy of loaded.filter((p) => p.status === 'expiring' || p.status === 'expired')) {
      const daysLeft = (endOf(policy.property.rent.contractStartDate!) - startedAt) / 86_400_000;
      if (policy.status === 'expiring') expect(daysLeft).toBeGreaterThan(0);
      if (policy.status === 'expiring') expect(daysLeft).toBeLessThanOrEqual(31);
      if (policy.status === 'expired') expect(daysLeft).toBeLessThan(0);
    }
  });

  it('is found by the list search: accents and case ignored, the same rows as search_text says', async () => {
    const rows = await polancoRows();
    const surname = rows[0]!.tenantNames[0]!.split(' ').at(-1)!;
    const admin = { id: 1, email: 'admin@test.mx', role: 'admin' as const, branchId: 1 };
    const result = await searchPolicies(db(), admin, policySearchQuerySchema.parse({ q: surname.toUpperCase(), limit: 100, branchId: 1 }));
    const expected = rows.filter((row) => row.searchText.includes(foldForSearch(surname))).map((row) => row.id);
    expect(result.total).toBe(expected.length);
    expect(result.items.map((item) => item.id).sort()).toEqual(expected.sort());
  });

  it('gives every investigation past "Creada" its required documents as real PDFs, answered once decided', async () => {
    const rows = await polancoRows();
    const documents = await db().select().from(investigationDocuments);
    expect(first.documents).toBe(documents.length);
    for (const policy of rows) {
      const own = documents.filter((document) => document.policyId === policy.id);
      if (policy.status === 'created') {
        expect(own).toEqual([]);
        continue;
      }
      const hasGuarantor = (await db().select().from(guarantors).where(eq(guarantors.policyId, policy.id))).length > 0;
      const expected = requiredDocuments(policy.policyType, { hasGuarantor }).reduce((sum, document) => sum + document.files, 0);
      expect(own, policy.investigationId).toHaveLength(expected);
      expect(own.every((document) => document.investigationId === policy.investigationId)).toBe(true);
      for (const document of own) expect(fs.readFileSync(files.pathOf(document.storedName)).subarray(0, 5).toString()).toBe('%PDF-');
      const answers = own.map((document) => document.respuesta).filter(Boolean);
      if (policy.status === 'investigation') expect(answers).toEqual([]);
      else if (policy.status === 'investigation_rejected') expect(answers).toEqual(['Los ingresos comprobables no alcanzan tres veces la renta.']);
      else expect(answers.length).toBeGreaterThan(0);
    }
  });

  it('fills the rest of the branch through the services: addendums, appointments around today, a leads board', async () => {
    expect(first.activity).toEqual({ addendums: 5, appointments: expect.any(Number), leads: 12 });
    expect(first.activity.appointments).toBeGreaterThanOrEqual(10);
    const addendumRows = await db().select().from(addendums);
    expect(addendumRows.map((row) => row.status).sort()).toEqual(['active', 'active', 'canceled', 'pending', 'pending']);
    const dates = (await db().select({ date: appointments.date }).from(appointments)).map((row) => Date.parse(`${row.date}T12:00:00Z`));
    expect(Math.min(...dates)).toBeLessThan(startedAt);
    expect(Math.max(...dates)).toBeGreaterThan(startedAt);
    const board = await db().select().from(leads);
    expect(new Set(board.map((lead) => lead.status))).toEqual(new Set(['cotizacion', 'accion', 'poliza', 'agente']));
    const noted = new Set((await db().select({ leadId: leadNotes.leadId }).from(leadNotes)).map((row) => row.leadId));
    expect(board.every((lead) => noted.has(lead.id))).toBe(true);
  });

  it('leaves a branch that has demo policies alone on a second run', async () => {
    const again = await seedDemoPolicies(db());
    expect(again).toMatchObject({ skipped: true, policies: 40, byStatus: first.byStatus, events: first.events });
    expect(await db().$count(policies, eq(policies.branchId, 1))).toBe(40);
  });

  it('fills another branch as its first active user', { timeout: 120_000 }, async () => {
    const [agent] = await db()
      .insert(users)
      .values({ email: 'agente@santafe.mx', firstName: 'Lucía', lastName: 'Ramírez', role: 'agent', branchId: 2, passwordHash: await hashPassword('Password-123') })
      .returning({ id: users.id });
    const result = await seedDemoPolicies(db(), { branchId: 2 });
    expect(result).toMatchObject({ branchId: 2, branchName: 'Sucursal Santa Fe', skipped: false, policies: 40, actorEmail: 'agente@santafe.mx' });
    const rows = await db().select({ userId: policies.userId, status: policies.status }).from(policies).where(eq(policies.branchId, 2));
    expect(rows.every((row) => row.userId === agent!.id)).toBe(true);
    expect(new Set(rows.map((row) => row.status as PolicyStatus)).size).toBe(10);
    await expect(seedDemoPolicies(db(), { branchId: 99 })).rejects.toThrow('La sucursal 99 no existe.');
  });
});
