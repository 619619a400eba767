import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { columnOfLead, defaultLeadColumns, foldForSearch, type ArcoRecordKind, type PolicyStatus } from '@portal/domain';
import type { Executor } from '../../../db/client';
import {
  appointments,
  attendees,
  branches,
  guarantorVehicles,
  guarantors,
  investigationDocuments,
  leadColumns,
  leadNotes,
  leads,
  whatsappMessages,
  policies,
  policyEvents,
  properties,
  propertyOwners,
  rents,
  tenantReferences,
  tenants,
} from '../../../db/schema/index';
import { containsPattern, foldSql } from '../../../db/sql-search';
import { brokerRows, type BrokerRow } from './brokers';

/*
 * Reads of the ARCO module: a person's records across every branch (no branch scope: admins
 * only), and each record's full data for the export.
 */

/** How the admin's text is read: an e-mail, a phone (by its digits) or a name. */
export type PersonQuery = { by: 'email'; email: string } | { by: 'phone'; digits: string } | { by: 'name'; folded: string };

export function parsePersonQuery(text: string): PersonQuery {
  const trimmed = text.trim();
  if (trimmed.includes('@')) return { by: 'email', email: trimmed.toLowerCase() };
  const digits = trimmed.replace(/\D/g, '');
  // Only digits and a phone's punctuation: '(55) 1234-5678', '+52 55 1234 5678'. The last ten
  // digits are the Mexican number whatever country code or trunk prefix was typed.
  if (/^[\d\s()+.-]+$/.test(trimmed) && digits.length >= 7) return { by: 'phone', digits: digits.slice(-10) };
  return { by: 'name', folded: foldForSearch(trimmed) };
}

/** A phone column's digits, in SQL. */
const digitsSql = (column: PgColumn | SQL) => sql`regexp_replace(${column}, '\\D', '', 'g')`;

interface PersonColumns {
  name: PgColumn;
  email?: PgColumn;
  phones: PgColumn[];
}

function matches(query: PersonQuery, columns: PersonColumns): SQL | undefined {
  switch (query.by) {
    case 'email':
      return columns.email ? sql`lower(${columns.email}) = ${query.email}` : undefined;
    case 'phone':
      return columns.phones.length ? or(...columns.phones.map((phone) => sql`${digitsSql(phone)} like ${containsPattern(query.digits)}`)) : undefined;
    case 'name':
      return sql`${foldSql(sql`${columns.name}`)} like ${containsPattern(query.folded)}`;
  }
}

/** When a policy ended: its last move to 'expired' or 'cancelled' in the history, else its last update. */
const policyEndedAt = sql<Date>`coalesce(
  (select max(${policyEvents.createdAt}) from ${policyEvents}
    where ${policyEvents.policyId} = ${policies.id} and ${policyEvents.toStatus} in ('expired', 'cancelled')),
  ${policies.updatedAt})`.mapWith((value: string | Date) => new Date(value));

/** Issue 33: whether the policy has a case not closed, and when its last case not yet anonymised closed. */
const openClaims = sql<boolean>`exists (select 1 from claims c where c.policy_id = ${policies.id} and c.status <> 'closed')`.mapWith(Boolean);
const lastClaimClosedAt = sql<Date | null>`(select max(c.closed_at) from claims c where c.policy_id = ${policies.id} and c.status = 'closed' and c.anonymised_at is null)`.mapWith(
  (value: string | Date | null) => (value === null ? null : new Date(value)),
);

const policyColumns = {
  policyId: policies.id,
  folio: policies.investigationId,
  policyStatus: policies.status,
  branchId: policies.branchId,
  branchName: branches.name,
  endedAt: policyEndedAt,
  retainYears: branches.retainEndedPolicyDocumentsYears,
  openClaims,
  lastClaimClosedAt,
  retainClaimYears: branches.retainClosedClaimsYears,
};

/** A person's row on a policy, with what retention is judged by. */
export interface PolicyPersonRow {
  kind: 'tenant' | 'guarantor' | 'owner';
  id: number;
  position: number;
  name: string;
  email: string;
  phone: string;
  mobile: string;
  policyId: number;
  folio: string;
  policyStatus: PolicyStatus;
  branchId: number;
  branchName: string;
  endedAt: Date;
  retainYears: number | null;
  /** Issue 33: a case is kept while worked and for the branch's years after it closed. */
  openClaims: boolean;
  lastClaimClosedAt: Date | null;
  retainClaimYears: number | null;
}

export interface LeadRow {
  kind: 'lead';
  id: number;
  name: string;
  phone: string;
  phonewhats: string;
  createdAt: Date;
  branchId: number;
  branchName: string;
}

export interface AttendeeRow {
  kind: 'attendee';
  id: number;
  name: string;
  email: string;
  appointmentId: number;
  appointmentTitle: string;
  appointmentDate: string;
  branchId: number;
  branchName: string;
}

export type PersonRow = PolicyPersonRow | LeadRow | AttendeeRow | BrokerRow;

type Filter = { query: PersonQuery } | { ids: number[] };

function filterOn(filter: Filter, idColumn: PgColumn, columns: PersonColumns): SQL | undefined {
  if ('ids' in filter) return inArray(idColumn, filter.ids);
  // A kind without the searched field (a lead has no e-mail) matches nothing.
  return matches(filter.query, columns) ?? sql`false`;
}

async function tenantRows(db: Executor, filter: Filter): Promise<PolicyPersonRow[]> {
  const rows = await db
    .select({ id: tenants.id, position: tenants.position, name: tenants.name, email: tenants.email, phone: tenants.phone, mobile: tenants.mobile, ...policyColumns })
    .from(tenants)
    .innerJoin(policies, eq(policies.id, tenants.policyId))
    .innerJoin(branches, eq(branches.id, policies.branchId))
    .where(filterOn(filter, tenants.id, { name: tenants.name, email: tenants.email, phones: [tenants.phone, tenants.mobile] }))
    .orderBy(asc(policies.id), asc(tenants.position));
  return rows.map((row) => ({ kind: 'tenant', ...row }));
}

async function guarantorRows(db: Executor, filter: Filter): Promise<PolicyPersonRow[]> {
  const rows = await db
    .select({ id: guarantors.id, position: guarantors.position, name: guarantors.name, email: guarantors.email, phone: guarantors.phone, mobile: guarantors.mobile, ...policyColumns })
    .from(guarantors)
    .innerJoin(policies, eq(policies.id, guarantors.policyId))
    .innerJoin(branches, eq(branches.id, policies.branchId))
    .where(filterOn(filter, guarantors.id, { name: guarantors.name, email: guarantors.email, phones: [guarantors.phone, guarantors.mobile] }))
    .orderBy(asc(policies.id), asc(guarantors.position));
  return rows.map((row) => ({ kind: 'guarantor', ...row }));
}

async function ownerRows(db: Executor, filter: Filter): Promise<PolicyPersonRow[]> {
  const rows = await db
    .select({ id: propertyOwners.id, name: propertyOwners.name, email: propertyOwners.email, phone: propertyOwners.phone, mobile: propertyOwners.mobile, ...policyColumns })
    .from(propertyOwners)
    .innerJoin(properties, eq(properties.id, propertyOwners.propertyId))
    .innerJoin(policies, eq(policies.id, properties.policyId))
    .innerJoin(branches, eq(branches.id, policies.branchId))
    .where(filterOn(filter, propertyOwners.id, { name: propertyOwners.name, email: propertyOwners.email, phones: [propertyOwners.phone, propertyOwners.mobile] }))
    .orderBy(asc(policies.id));
  return rows.map((row) => ({ kind: 'owner', position: 0, ...row }));
}

async function leadRows(db: Executor, filter: Filter): Promise<LeadRow[]> {
  const rows = await db
    .select({ id: leads.id, name: leads.name, phone: leads.phone, phonewhats: leads.phonewhats, createdAt: leads.createdAt, branchId: leads.branchId, branchName: branches.name })
    .from(leads)
    .innerJoin(branches, eq(branches.id, leads.branchId))
    .where(filterOn(filter, leads.id, { name: leads.name, phones: [leads.phone, leads.phonewhats] }))
    .orderBy(asc(leads.id));
  return rows.map((row) => ({ kind: 'lead', ...row }));
}

async function attendeeRows(db: Executor, filter: Filter): Promise<AttendeeRow[]> {
  const rows = await db
    .select({
      id: attendees.id,
      name: attendees.name,
      email: attendees.email,
      appointmentId: appointments.id,
      appointmentTitle: appointments.title,
      appointmentDate: appointments.date,
      branchId: appointments.branchId,
      branchName: branches.name,
    })
    .from(attendees)
    .innerJoin(appointments, eq(appointments.id, attendees.appointmentId))
    .innerJoin(branches, eq(branches.id, appointments.branchId))
    .where(filterOn(filter, attendees.id, { name: attendees.name, email: attendees.email, phones: [] }))
    .orderBy(asc(appointments.date), asc(attendees.id));
  return rows.map((row) => ({ kind: 'attendee', ...row }));
}

const readers: Record<ArcoRecordKind, (db: Executor, filter: Filter) => Promise<PersonRow[]>> = {
  tenant: tenantRows,
  guarantor: guarantorRows,
  owner: ownerRows,
  lead: leadRows,
  attendee: attendeeRows,
  broker: brokerRows,
};

/** Every record, of every kind and branch, whose person matches the query. */
export async function findPersonRows(db: Executor, query: PersonQuery): Promise<PersonRow[]> {
  const found = await Promise.all(Object.values(readers).map((read) => read(db, { query })));
  return found.flat();
}

/** The records named by kind and id (those that exist). */
export async function personRowsByIds(db: Executor, ids: Record<ArcoRecordKind, number[]>): Promise<PersonRow[]> {
  const kinds = (Object.keys(readers) as ArcoRecordKind[]).filter((kind) => ids[kind].length > 0);
  const found = await Promise.all(kinds.map((kind) => readers[kind](db, { ids: ids[kind] })));
  return found.flat();
}

// --- the export's full data -------------------------------------------------------------------

export async function tenantData(db: Executor, id: number) {
  const [tenant] = await db.select().from(tenants).where(eq(tenants.id, id));
  const references = await db
    .select({ name: tenantReferences.name, phone: tenantReferences.phone, type: tenantReferences.type })
    .from(tenantReferences)
    .where(eq(tenantReferences.tenantId, id))
    .orderBy(asc(tenantReferences.position));
  return { tenant: tenant!, references };
}

export async function guarantorData(db: Executor, id: number) {
  const [guarantor] = await db.select().from(guarantors).where(eq(guarantors.id, id));
  const [vehicle] = await db
    .select({ brand: guarantorVehicles.brand, model: guarantorVehicles.model, year: guarantorVehicles.year, color: guarantorVehicles.color, licensePlate: guarantorVehicles.licensePlate })
    .from(guarantorVehicles)
    .where(eq(guarantorVehicles.guarantorId, id));
  return { guarantor: guarantor!, vehicle: vehicle ?? null };
}

export async function ownerData(db: Executor, id: number) {
  const [owner] = await db.select().from(propertyOwners).where(eq(propertyOwners.id, id));
  const [bank] = await db
    .select({ bank: rents.bank, accountNumber: rents.accountNumber, clabe: rents.clabe, accountHolder: rents.accountHolder })
    .from(rents)
    .where(eq(rents.propertyId, owner!.propertyId));
  return { owner: owner!, bank: bank ?? null };
}

/** The lead, its notes' texts (issue 20: rows of lead_notes) and its WhatsApp messages. */
export async function leadData(db: Executor, id: number) {
  const [lead] = await db.select().from(leads).where(eq(leads.id, id));
  const notes = await db.select({ body: leadNotes.body, createdAt: leadNotes.createdAt }).from(leadNotes).where(eq(leadNotes.leadId, id)).orderBy(asc(leadNotes.createdAt));
  const messages = await db
    .select({ direction: whatsappMessages.direction, phone: whatsappMessages.phone, body: whatsappMessages.body, status: whatsappMessages.status, createdAt: whatsappMessages.createdAt })
    .from(whatsappMessages)
    .where(eq(whatsappMessages.leadId, id))
    .orderBy(asc(whatsappMessages.createdAt));
  return { lead: lead!, notes, messages };
}

/** The title of the column a lead shows in on its branch's board (the default board when none is saved). */
export async function leadStatusTitle(db: Executor, branchId: number, status: string): Promise<string> {
  const saved = await db.select({ id: leadColumns.id, title: leadColumns.title }).from(leadColumns).where(eq(leadColumns.branchId, branchId)).orderBy(asc(leadColumns.position));
  const columns = saved.length > 0 ? saved : defaultLeadColumns;
  const shown = columnOfLead({ status }, columns.map((column) => ({ ...column, color: '', isWon: false })));
  return columns.find((column) => column.id === shown)?.title ?? '';
}

export async function attendeeData(db: Executor, id: number) {
  const [row] = await db
    .select({
      attendee: attendees,
      appointment: {
        title: appointments.title,
        description: appointments.description,
        date: appointments.date,
        startTime: appointments.startTime,
        endTime: appointments.endTime,
        location: appointments.location,
        type: appointments.type,
        status: appointments.status,
      },
    })
    .from(attendees)
    .innerJoin(appointments, eq(appointments.id, attendees.appointmentId))
    .where(eq(attendees.id, id));
  return row!;
}

/** A policy's documents in some slots: what is listed in an export and deleted by a cancellation. */
export async function policyDocuments(db: Executor, policyId: number, slots: readonly string[]) {
  if (slots.length === 0) return [];
  return db
    .select({
      id: investigationDocuments.id,
      slot: investigationDocuments.slot,
      slotIndex: investigationDocuments.slotIndex,
      originalFilename: investigationDocuments.originalFilename,
      mimeType: investigationDocuments.mimeType,
      size: investigationDocuments.size,
      storedName: investigationDocuments.storedName,
      uploadedAt: investigationDocuments.uploadedAt,
      respuesta: investigationDocuments.respuesta,
      respondedAt: investigationDocuments.respondedAt,
    })
    .from(investigationDocuments)
    .where(and(eq(investigationDocuments.policyId, policyId), inArray(investigationDocuments.slot, slots as never[])))
    .orderBy(asc(investigationDocuments.slot), asc(investigationDocuments.slotIndex));
}
