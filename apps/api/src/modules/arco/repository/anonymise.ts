import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { anonymisedName, policySearchText, type DocumentSlot } from '@portal/domain';
import type { Executor } from '../../../db/client';
import {
  accessLog,
  appointments,
  attendees,
  brokers,
  claimDeadlines,
  claimMovements,
  claims,
  contractDocuments,
  emailOutbox,
  guarantorVehicles,
  guarantors,
  investigationDocuments,
  leadNotes,
  leads,
  linkSignatures,
  notifications,
  policies,
  policyEvents,
  privacyAcceptances,
  properties,
  propertyOwners,
  publicLinks,
  rents,
  signingRounds,
  tenantReferences,
  tenants,
  whatsappMessages,
} from '../../../db/schema/index';
import { updatePolicyRow } from '../../policies/index';
import type { LeadRow, AttendeeRow, PolicyPersonRow } from './people';

/*
 * The cancellation's writes (issue 19): each runs inside the one transaction of the request.
 * Every function returns the stored file names it orphaned: the caller removes those bytes from
 * the file store after the commit (a rollback must not lose files still referenced).
 */

/** A person's documents on a policy: the slots are the main tenant's, the first guarantor's, the owner's. */
const personDocumentSlots = {
  tenant: ['tenantId', 'tenantIdBack', 'employmentLetter', 'utilities', 'incomeProof'],
  guarantor: ['guarantorId', 'guarantorIdBack', 'guarantorDeed'],
  owner: ['ownerId', 'ownerIdBack'],
} as const satisfies Record<PolicyPersonRow['kind'], readonly DocumentSlot[]>;

/** The slots only that person's files fill: the main tenant's and the first guarantor's (one per policy). */
export function documentSlotsOf(person: Pick<PolicyPersonRow, 'kind' | 'position'>): readonly DocumentSlot[] {
  return person.kind === 'owner' || person.position === 0 ? personDocumentSlots[person.kind] : [];
}

const blankAddress = (prefix: 'address' | 'workAddress' | 'guaranteeAddress') =>
  Object.fromEntries(['Street', 'ExteriorNumber', 'InteriorNumber', 'Colony', 'Municipality', 'State', 'ZipCode'].map((field) => [`${prefix}${field}`, ''])) as Record<string, string>;

/** A person's contact and tax ids (issue 35: the RFC and CURP are the person's too). */
const blankContact = { phone: '', mobile: '', email: '', rfc: '', curp: '' };

export interface Erased {
  storedNames: string[];
  documentsDeleted: number;
}

export async function anonymiseTenant(tx: Executor, person: PolicyPersonRow, actorId: number): Promise<Erased> {
  await tx
    .update(tenants)
    .set({
      name: anonymisedName,
      ...blankAddress('address'),
      ...blankContact,
      profession: '',
      monthlyIncome: null,
      company: '',
      seniority: '',
      immediateBoss: '',
      ...blankAddress('workAddress'),
      requiresInvoice: false,
    })
    .where(eq(tenants.id, person.id));
  await tx.delete(tenantReferences).where(eq(tenantReferences.tenantId, person.id));
  await forgetLinks(tx, person, actorId);
  return deleteDocuments(tx, person);
}

export async function anonymiseGuarantor(tx: Executor, person: PolicyPersonRow, actorId: number): Promise<Erased> {
  await tx
    .update(guarantors)
    .set({ name: anonymisedName, ...blankAddress('address'), ...blankContact, hasGuaranteeAddress: false, ...blankAddress('guaranteeAddress') })
    .where(eq(guarantors.id, person.id));
  await tx.delete(guarantorVehicles).where(eq(guarantorVehicles.guarantorId, person.id));
  await forgetLinks(tx, person, actorId);
  return deleteDocuments(tx, person);
}

export async function anonymiseOwner(tx: Executor, person: PolicyPersonRow, actorId: number): Promise<Erased> {
  const [owner] = await tx
    .update(propertyOwners)
    .set({ name: anonymisedName, ...blankAddress('address'), ...blankContact })
    .where(eq(propertyOwners.id, person.id))
    .returning({ propertyId: propertyOwners.propertyId });
  // The rent is paid into the owner's account: their bank data is theirs.
  await tx.update(rents).set({ accountNumber: '', bank: '', clabe: '', accountHolder: '' }).where(eq(rents.propertyId, owner!.propertyId));
  await forgetLinks(tx, person, actorId);
  return deleteDocuments(tx, person);
}

/** The lead keeps its place on the board as 'Titular anonimizado'; its notes and messages go (they are about the person). */
export async function anonymiseLead(tx: Executor, lead: LeadRow): Promise<void> {
  await tx
    .update(leads)
    .set({ name: anonymisedName, phone: '', phonewhats: '', server: '', apikey: '', gatewayKind: '', gatewayInstance: '', followUpDate: null, updatedAt: new Date() })
    .where(eq(leads.id, lead.id));
  await tx.delete(leadNotes).where(eq(leadNotes.leadId, lead.id));
  await tx.delete(whatsappMessages).where(eq(whatsappMessages.leadId, lead.id));
}

export async function anonymiseAttendee(tx: Executor, attendee: AttendeeRow): Promise<void> {
  // Its invitation links die with it (issue 20).
  await tx.update(attendees).set({ name: anonymisedName, email: '', externalId: '', rsvpTokenHash: null }).where(eq(attendees.id, attendee.id));
}

/** The person's links: revoked, their contacts and signing evidence cleared, their acceptances' IPs too. */
async function forgetLinks(tx: Executor, person: PolicyPersonRow, actorId: number): Promise<void> {
  const links = await tx
    .update(publicLinks)
    .set({ partyName: anonymisedName, email: '', phone: '', revokedAt: sql`coalesce(${publicLinks.revokedAt}, now())`, revokedBy: sql`coalesce(${publicLinks.revokedBy}, ${actorId})` })
    .where(and(eq(publicLinks.policyId, person.policyId), eq(publicLinks.party, person.kind), eq(publicLinks.partyIndex, person.position)))
    .returning({ id: publicLinks.id });
  const linkIds = links.map((link) => link.id);
  if (linkIds.length === 0) return;
  await tx
    .update(linkSignatures)
    .set({
      signerName: anonymisedName,
      signerEmail: '',
      ip: null,
      userAgent: null,
      signatureImage: null,
      signatureText: null,
      declineReason: null,
      // Issue 35: what the e.firma certificate said of the person.
      expectedRfc: '',
      expectedCurp: '',
      certificateDer: null,
      certificateRfc: null,
      certificateCurp: null,
      certificateName: null,
    })
    .where(inArray(linkSignatures.linkId, linkIds));
  await tx.update(privacyAcceptances).set({ ip: '', userAgent: '' }).where(inArray(privacyAcceptances.linkId, linkIds));
}

async function deleteDocuments(tx: Executor, person: PolicyPersonRow): Promise<Erased> {
  const slots = documentSlotsOf(person);
  if (slots.length === 0) return { storedNames: [], documentsDeleted: 0 };
  const deleted = await tx
    .delete(investigationDocuments)
    .where(and(eq(investigationDocuments.policyId, person.policyId), inArray(investigationDocuments.slot, [...slots])))
    .returning({ storedName: investigationDocuments.storedName });
  return { storedNames: deleted.map((row) => row.storedName), documentsDeleted: deleted.length };
}

/**
 * The policy's generated contracts and signing packs print every person's name: on a policy whose
 * person is cancelled (never one in force), they go with their files.
 */
export async function deleteGeneratedDocuments(tx: Executor, policyId: number): Promise<string[]> {
  const contracts = await tx.delete(contractDocuments).where(eq(contractDocuments.policyId, policyId)).returning({ storedName: contractDocuments.storedName });
  const rounds = await tx.delete(signingRounds).where(eq(signingRounds.policyId, policyId)).returning({ storedName: signingRounds.packStoredName });
  return [...contracts, ...rounds].flatMap((row) => (row.storedName === null ? [] : [row.storedName]));
}

/** tenant_names, guarantor_names, owner_name and search_text again, as the policies module writes them. */
export async function recomputePolicySummary(tx: Executor, policyId: number): Promise<void> {
  const [policy] = await tx.select({ investigationId: policies.investigationId, policyNumber: policies.policyNumber }).from(policies).where(eq(policies.id, policyId));
  const tenantNames = (await tx.select({ name: tenants.name }).from(tenants).where(eq(tenants.policyId, policyId)).orderBy(asc(tenants.position))).map((row) => row.name);
  const guarantorNames = (await tx.select({ name: guarantors.name }).from(guarantors).where(eq(guarantors.policyId, policyId)).orderBy(asc(guarantors.position))).map((row) => row.name);
  const [property] = await tx
    .select({
      ownerName: propertyOwners.name,
      street: properties.addressStreet,
      exteriorNumber: properties.addressExteriorNumber,
      colony: properties.addressColony,
      municipality: properties.addressMunicipality,
    })
    .from(properties)
    .leftJoin(propertyOwners, eq(propertyOwners.propertyId, properties.id))
    .where(eq(properties.policyId, policyId));
  const ownerName = property?.ownerName ?? '';
  const address = { street: property?.street ?? '', exteriorNumber: property?.exteriorNumber ?? '', colony: property?.colony ?? '', municipality: property?.municipality ?? '' };
  await updatePolicyRow(tx, policyId, {
    tenantNames,
    guarantorNames,
    ownerName,
    searchText: policySearchText({ investigationId: policy!.investigationId, policyNumber: policy!.policyNumber, tenantNames, guarantorNames, ownerName, ...address }),
  });
}

// --- the person's name, e-mail and phone written elsewhere --------------------------------------

/** What a person is written as in free text: their name, e-mail and phones as stored. */
export interface Identifiers {
  names: string[];
  emails: string[];
  phones: string[];
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** One regular expression matching any of the identifiers (case-insensitive in SQL), or null for none. */
export function identifierPattern(identifiers: Identifiers): string | null {
  const phoneForms = identifiers.phones.flatMap((phone) => {
    const digits = phone.replace(/\D/g, '').slice(-10);
    return digits.length >= 7 ? [phone, digits, `+52${digits}`] : [];
  });
  const all = [...identifiers.names, ...identifiers.emails, ...phoneForms].map((text) => text.trim()).filter((text) => text.length >= 3);
  if (all.length === 0) return null;
  // Longest first: an e-mail that contains the name is replaced whole.
  const unique = [...new Set(all)].sort((a, b) => b.length - a.length);
  return unique.map(escapeRegex).join('|');
}

const scrubbed = (column: PgColumn, pattern: string) => sql`regexp_replace(${column}, ${pattern}, ${anonymisedName}, 'gi')`;
const mentions = (column: PgColumn, pattern: string) => sql`${column} ~* ${pattern}`;

async function scrubColumns(tx: Executor, table: PgTable, columns: PgColumn[], pattern: string, where?: SQL): Promise<void> {
  const set = Object.fromEntries(columns.map((column) => [column.name, scrubbed(column, pattern)]));
  const mentioned = sql.join(columns.map((column) => mentions(column, pattern)), sql` or `);
  // Raw SQL: drizzle's set() keys are the table's field names, and these are its column names.
  const assignments = sql.join(Object.entries(set).map(([name, value]) => sql`${sql.identifier(name)} = ${value}`), sql`, `);
  await tx.execute(sql`update ${table} set ${assignments} where (${mentioned})${where ? sql` and ${where}` : sql``}`);
}

/**
 * The free texts of the cancelled people's policies that name them: history notes, access-log
 * subjects, notifications, reviewers' answers, and the appointments about those policies.
 */
export async function scrubPolicyTexts(tx: Executor, policyIds: number[], pattern: string): Promise<void> {
  if (policyIds.length === 0) return;
  await scrubColumns(tx, policyEvents, [policyEvents.note], pattern, inArray(policyEvents.policyId, policyIds));
  await scrubColumns(tx, accessLog, [accessLog.subject], pattern, inArray(accessLog.policyId, policyIds));
  await scrubColumns(tx, notifications, [notifications.title, notifications.body], pattern, inArray(notifications.policyId, policyIds));
  await scrubColumns(tx, investigationDocuments, [investigationDocuments.respuesta, investigationDocuments.originalFilename], pattern, inArray(investigationDocuments.policyId, policyIds));
  await scrubColumns(tx, appointments, [appointments.title, appointments.description], pattern, inArray(appointments.policyId, policyIds));
  // Issue 33: what the cases' anonymisation keeps (their deadlines and money) may still name the person.
  const policyClaims = tx.select({ id: claims.id }).from(claims).where(inArray(claims.policyId, policyIds));
  await scrubColumns(tx, claimDeadlines, [claimDeadlines.description], pattern, inArray(claimDeadlines.claimId, policyClaims));
  await scrubColumns(tx, claimMovements, [claimMovements.description, claimMovements.reversalReason], pattern, inArray(claimMovements.claimId, policyClaims));
}

/** The appointments a cancelled attendee was at: their titles and descriptions may name them. */
export async function scrubAppointmentTexts(tx: Executor, appointmentIds: number[], pattern: string): Promise<void> {
  if (appointmentIds.length === 0) return;
  await scrubColumns(tx, appointments, [appointments.title, appointments.description], pattern, inArray(appointments.id, appointmentIds));
}

/**
 * The outbox is a transport, not a record a law keeps: e-mails addressed to the person are
 * deleted and the others' texts scrubbed, even when a kept record still has the same e-mail.
 */
export async function scrubOutbox(tx: Executor, pattern: string, emails: string[]): Promise<number> {
  const deleted =
    emails.length > 0
      ? await tx.delete(emailOutbox).where(inArray(sql`lower(${emailOutbox.recipient})`, emails.map((email) => email.toLowerCase()))).returning({ id: emailOutbox.id })
      : [];
  await scrubColumns(tx, emailOutbox, [emailOutbox.subject, emailOutbox.text, emailOutbox.html], pattern);
  return deleted.length;
}

/**
 * Everywhere else the identifiers are written, whatever the policy (used only for identifiers no
 * kept record still holds): notices, history, the access log, appointments, other leads' notes.
 */
export async function scrubEverywhere(tx: Executor, pattern: string): Promise<void> {
  await scrubColumns(tx, policyEvents, [policyEvents.note], pattern);
  await scrubColumns(tx, accessLog, [accessLog.subject], pattern);
  await scrubColumns(tx, notifications, [notifications.title, notifications.body], pattern);
  await scrubColumns(tx, appointments, [appointments.title, appointments.description], pattern);
  await scrubColumns(tx, leadNotes, [leadNotes.body], pattern);
  await scrubColumns(tx, whatsappMessages, [whatsappMessages.body], pattern);
}

/** Whether a record that stays (retained, or not asked for) still holds the name, e-mail or phone. */
export async function stillHeld(tx: Executor, identifiers: Identifiers): Promise<boolean> {
  const names = identifiers.names.map((name) => name.toLowerCase());
  const emails = identifiers.emails.map((email) => email.toLowerCase());
  const digits = identifiers.phones.map((phone) => phone.replace(/\D/g, '').slice(-10)).filter((phone) => phone.length >= 7);
  const holds = (table: PgTable, name: PgColumn, email: PgColumn | null, phones: PgColumn[]) => {
    const conditions = [
      names.length ? inArray(sql`lower(${name})`, names) : undefined,
      email && emails.length ? inArray(sql`lower(${email})`, emails) : undefined,
      ...phones.flatMap((phone) => (digits.length ? [inArray(sql`right(regexp_replace(${phone}, '\\D', '', 'g'), 10)`, digits)] : [])),
    ].filter((condition): condition is SQL => Boolean(condition));
    if (conditions.length === 0) return Promise.resolve(false);
    return tx
      .execute(sql`select exists (select 1 from ${table} where ${sql.join(conditions, sql` or `)}) as held`)
      .then((result) => Boolean((result as unknown as { rows: { held: boolean }[] }).rows[0]?.held));
  };
  const checks = await Promise.all([
    holds(tenants, tenants.name, tenants.email, [tenants.phone, tenants.mobile]),
    holds(guarantors, guarantors.name, guarantors.email, [guarantors.phone, guarantors.mobile]),
    holds(propertyOwners, propertyOwners.name, propertyOwners.email, [propertyOwners.phone, propertyOwners.mobile]),
    holds(leads, leads.name, null, [leads.phone, leads.phonewhats]),
    holds(attendees, attendees.name, attendees.email, []),
    // Issue 34: the directory's asesores, and the agency's name as a policy's rent still reads it.
    holds(brokers, brokers.name, brokers.email, [brokers.phone]),
    holds(rents, rents.realEstateName, null, []),
  ]);
  return checks.some(Boolean);
}
