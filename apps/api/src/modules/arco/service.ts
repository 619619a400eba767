import type { FastifyBaseLogger } from 'fastify';
import {
  anonymisedName,
  arcoMessages,
  arcoRecordKindLabels,
  arcoRecordKinds,
  businessDate,
  documentSlotLabels,
  appointmentStatusLabels,
  appointmentTypeLabels,
  attendeeRoleLabels,
  arcoExportTexts,
  isSecretKey,
  looksLikeSecret,
  policyStatusLabels,
  redactPerson,
  referenceTypeLabels,
  whatsappStatusLabels,
  withoutSecretRuns,
  type ArcoExportList,
  type WhatsappMessageStatus,
  type ArcoCancelRequest,
  type ArcoClaim,
  type ArcoCancelResult,
  type ArcoRecord,
  type ArcoRecordKind,
  type ArcoRecordRef,
  type ArcoSearchResult,
  type PolicyStatus,
} from '@portal/domain';
import type { Db, Executor } from '../../db/client';
import { notFound } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-user';
import type { FileStore } from '../../lib/file-store';
import { anonymiseClaimRows, claimIdsOfPolicies, claimsHeldByPolicies } from '../claims/index';
import * as erase from './repository/anonymise';
import * as repo from './repository/people';
import { brokerRecord, brokerRetention } from './brokers';
import { anonymiseBroker } from './repository/brokers';
import type { PersonRow, PolicyPersonRow } from './repository/people';
import { insertArcoRequest } from './repository/requests';
import { mexicoCityDay, readableValue } from './readable';

/** A contract in force (or on its way to being signed): its parties' data are the contract's. */
const inForceStatuses: readonly PolicyStatus[] = ['contracts', 'signature', 'active', 'expiring'];
const endedStatuses: readonly PolicyStatus[] = ['expired', 'cancelled'];

const dayMonthYear = (isoDate: string) => isoDate.split('-').reverse().join('/');

type RetentionFacts = Pick<PolicyPersonRow, 'policyStatus' | 'endedAt' | 'retainYears'> & Partial<Pick<PolicyPersonRow, 'openClaims' | 'lastClaimClosedAt' | 'retainClaimYears'>>;

/** The instant `years` after `from`. */
function yearsAfter(from: Date, years: number): Date {
  const until = new Date(from);
  until.setUTCFullYear(until.getUTCFullYear() + years);
  return until;
}

/** Why the policy's cases keep it (issue 33): one in course, or one closed less than the branch's years ago. */
function claimRetention(row: RetentionFacts, now: Date): string | null {
  if (row.openClaims) return arcoMessages.retainedClaimOpen;
  if (!row.lastClaimClosedAt) return null;
  if (row.retainClaimYears === null || row.retainClaimYears === undefined) return arcoMessages.retainedClaimForever;
  const until = yearsAfter(row.lastClaimClosedAt, row.retainClaimYears);
  return now < until ? arcoMessages.retainedClaimClosed(dayMonthYear(businessDate(until))) : null;
}

/** Why a law keeps a person's record on this policy, or null when nothing does (LFPDPPP art. 26). */
export function retentionReason(row: RetentionFacts, now = new Date()): string | null {
  if (inForceStatuses.includes(row.policyStatus)) return arcoMessages.retainedInForce;
  const claims = claimRetention(row, now);
  if (claims) return claims;
  if (!endedStatuses.includes(row.policyStatus)) return null;
  if (row.retainYears === null) return arcoMessages.retainedForever;
  const until = yearsAfter(row.endedAt, row.retainYears);
  return now < until ? arcoMessages.retainedEnded(dayMonthYear(businessDate(until))) : null;
}

function isPolicyPerson(row: PersonRow): row is PolicyPersonRow {
  return row.kind === 'tenant' || row.kind === 'guarantor' || row.kind === 'owner';
}

function recordOf(row: PersonRow, claimsOf: Map<number, ArcoClaim[]>): ArcoRecord {
  const base = {
    kind: row.kind,
    id: row.id,
    name: row.name,
    branchId: row.branchId,
    branchName: row.branchName,
    policyId: null,
    folio: null,
    policyStatus: null,
    leadId: null,
    leadCreatedAt: null,
    appointmentId: null,
    appointmentTitle: null,
    appointmentDate: null,
    retained: false,
    retentionReason: null,
    claims: [],
  };
  switch (row.kind) {
    case 'lead':
      return { ...base, email: '', phone: row.phone || row.phonewhats, leadId: row.id, leadCreatedAt: row.createdAt.toISOString(), editPath: '/leads' };
    case 'attendee':
      return { ...base, email: row.email, phone: '', appointmentId: row.appointmentId, appointmentTitle: row.appointmentTitle, appointmentDate: row.appointmentDate, editPath: '/appointments' };
    case 'broker': {
      const reason = brokerRetention(row);
      return { ...base, email: row.email, phone: row.phone, retained: reason !== null, retentionReason: reason, editPath: `/brokers/${row.id}` };
    }
    default: {
      const reason = retentionReason(row);
      return {
        ...base,
        email: row.email,
        phone: row.mobile || row.phone,
        policyId: row.policyId,
        folio: row.folio,
        policyStatus: row.policyStatus,
        retained: reason !== null,
        retentionReason: reason,
        editPath: `/policies/${row.policyId}/edit`,
        claims: claimsOf.get(row.policyId) ?? [],
      };
    }
  }
}

/** GET /api/admin/arco/search: every record of the people the text finds, in every branch. */
export async function searchPerson(db: Db, text: string): Promise<ArcoSearchResult> {
  const rows = await repo.findPersonRows(db, repo.parsePersonQuery(text));
  const claimsOf = await claimsHeldByPolicies(db, rows.filter(isPolicyPerson).map((row) => row.policyId));
  return { records: rows.map((row) => recordOf(row, claimsOf)) };
}

/** The records asked for, every one of them (a ref that does not exist: 404). */
async function loadRecords(db: Executor, refs: ArcoRecordRef[]): Promise<PersonRow[]> {
  const ids = Object.fromEntries(arcoRecordKinds.map((kind) => [kind, [...new Set(refs.filter((ref) => ref.kind === kind).map((ref) => ref.id))]])) as Record<ArcoRecordKind, number[]>;
  const rows = await repo.personRowsByIds(db, ids);
  const found = new Set(rows.map((row) => `${row.kind}:${row.id}`));
  if (refs.some((ref) => !found.has(`${ref.kind}:${ref.id}`))) throw notFound(arcoMessages.recordNotFound);
  return rows;
}

/** How a request names its records in arco_requests and the access log: kinds and ids, never the person. */
export function refsText(refs: readonly ArcoRecordRef[]): string {
  return refs.map((ref) => `${ref.kind}:${ref.id}`).join(', ').slice(0, 254);
}

// --- access (export) --------------------------------------------------------------------------

/** A list of a record: each item's keys are documented beside the data's (decision 019). */
type ExportList = Record<string, unknown>[];

interface ArcoExportRecord {
  kind: ArcoRecordKind;
  kindLabel: string;
  id: number;
  /** Where the record lives, in words. */
  where: string;
  data: Record<string, unknown>;
  lists: Partial<Record<ArcoExportList, ExportList>>;
}

export interface ArcoExportFile {
  generatedAt: string;
  records: ArcoExportRecord[];
}

/** JSON's values: instants as ISO 8601 (UTC), the rest as they are. */
const jsonValue = (value: unknown): unknown => (value instanceof Date ? value.toISOString() : value);

/**
 * What leaves the portal in an export: no key that names a secret, no value that is one, and
 * secret-looking runs inside texts replaced (a link pasted into a note carries its token).
 */
function exportable(fields: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(fields)) {
    const value = jsonValue(raw);
    if (isSecretKey(key) || (typeof value === 'string' && looksLikeSecret(value))) continue;
    kept[key] = typeof value === 'string' ? withoutSecretRuns(value) : value;
  }
  return kept;
}

const exportableList = (items: Record<string, unknown>[]): ExportList => items.map(exportable);

/** '10:00:00' → '10:00'. */
const hourMinute = (time: string) => time.slice(0, 5);

function documentsList(documents: Awaited<ReturnType<typeof repo.policyDocuments>>): ExportList {
  return documents.map((document) => ({
    slot: documentSlotLabels[document.slot],
    originalFilename: document.originalFilename,
    uploadedAt: document.uploadedAt,
    respuesta: document.respuesta,
  }));
}

/** Drops the row's keys and links that are not the person's data (ids, foreign keys, order). */
/** The records' bookkeeping (a row's version for If-Match, who saved it last): never the person's data. */
const bookkeeping: readonly string[] = ['version', 'updatedBy'];

function personalFields<T extends Record<string, unknown>>(row: T, omit: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).filter(([key]) => !omit.includes(key) && !bookkeeping.includes(key)));
}

async function leadRecord(db: Db, row: repo.LeadRow): Promise<Omit<ArcoExportRecord, 'kind' | 'kindLabel' | 'id'>> {
  const { lead, notes, messages } = await repo.leadData(db, row.id);
  const data = personalFields(lead, ['id', 'branchId', 'createdBy', 'server', 'apikey', 'gatewayKind', 'gatewayInstance', 'ownerId', 'policyId']);
  const status = await repo.leadStatusTitle(db, lead.branchId, lead.status);
  const messageItems = messages.map((message) => ({
    ...message,
    direction: message.direction === 'in' ? arcoExportTexts.received : arcoExportTexts.sent,
    status: whatsappStatusLabels[message.status as WhatsappMessageStatus] ?? message.status,
  }));
  return {
    where: arcoExportTexts.leadWhere(mexicoCityDay(lead.createdAt), row.branchName),
    // The spec's `notes` form (one text), and the notes and WhatsApp messages one by one.
    data: { ...data, status, notes: notes.map((note) => note.body).join('\n') },
    lists: { notes, messages: messageItems },
  };
}

async function attendeeRecord(db: Db, row: repo.AttendeeRow): Promise<Omit<ArcoExportRecord, 'kind' | 'kindLabel' | 'id'>> {
  const { attendee, appointment } = await repo.attendeeData(db, row.id);
  const response = attendee.response === 'yes' ? arcoExportTexts.willAttend : attendee.response === 'no' ? arcoExportTexts.willNotAttend : null;
  return {
    where: `Cita «${appointment.title}» del ${readableValue('date', appointment.date)}, ${row.branchName}`,
    data: {
      name: attendee.name,
      email: attendee.email,
      role: attendeeRoleLabels[attendee.role],
      confirmed: attendee.confirmed,
      response,
      respondedAt: attendee.respondedAt,
      invitedAt: attendee.invitedAt,
      title: appointment.title,
      description: appointment.description,
      date: appointment.date,
      startTime: hourMinute(appointment.startTime),
      endTime: hourMinute(appointment.endTime),
      location: appointment.location,
      appointmentType: appointmentTypeLabels[appointment.type],
      appointmentStatus: appointmentStatusLabels[appointment.status],
    },
    lists: {},
  };
}

async function policyPersonRecord(db: Db, row: PolicyPersonRow): Promise<Omit<ArcoExportRecord, 'kind' | 'kindLabel' | 'id'>> {
  const where = `Póliza ${row.folio} (${policyStatusLabels[row.policyStatus]}), ${row.branchName}`;
  const documents = documentsList(await repo.policyDocuments(db, row.policyId, erase.documentSlotsOf(row)));
  const omitted = ['id', 'policyId', 'propertyId', 'position'];
  switch (row.kind) {
    case 'tenant': {
      const { tenant, references } = await repo.tenantData(db, row.id);
      const referenceItems = references.map((reference) => ({ ...reference, type: referenceTypeLabels[reference.type] }));
      return { where, data: personalFields(tenant, omitted), lists: { references: referenceItems, documents } };
    }
    case 'guarantor': {
      const { guarantor, vehicle } = await repo.guarantorData(db, row.id);
      return { where, data: personalFields(guarantor, omitted), lists: { vehicle: vehicle ? [vehicle] : [], documents } };
    }
    case 'owner': {
      const { owner, bank } = await repo.ownerData(db, row.id);
      return { where, data: { ...personalFields(owner, omitted), ...(bank ?? {}) }, lists: { documents } };
    }
  }
}

async function exportRecord(db: Db, row: PersonRow): Promise<ArcoExportRecord> {
  const content =
    row.kind === 'lead' ? await leadRecord(db, row) : row.kind === 'attendee' ? await attendeeRecord(db, row) : row.kind === 'broker' ? await brokerRecord(db, row, personalFields) : await policyPersonRecord(db, row);
  const lists = Object.fromEntries(Object.entries(content.lists).map(([key, items]) => [key, exportableList(items)]));
  return { kind: row.kind, kindLabel: arcoRecordKindLabels[row.kind], id: row.id, where: content.where, data: exportable(content.data), lists };
}

/** POST /api/admin/arco/export: the records' data, and the request written down (kind 'access'). */
export async function exportRecords(db: Db, actor: AuthUser, refs: ArcoRecordRef[], format: 'json' | 'pdf'): Promise<ArcoExportFile> {
  const rows = await loadRecords(db, refs);
  const records: ArcoExportRecord[] = [];
  for (const row of rows) records.push(await exportRecord(db, row));
  await insertArcoRequest(db, {
    kind: 'access',
    personQuery: refsText(refs),
    reason: `Exportación ${format.toUpperCase()} de ${records.length} registro(s)`,
    outcome: { format, records: refs },
    createdBy: actor.id,
  });
  return { generatedAt: new Date().toISOString(), records };
}

// --- cancellation -----------------------------------------------------------------------------

interface CancelTotals {
  storedNames: string[];
  documentsDeleted: number;
  emailsDeleted: number;
}

async function anonymiseRow(tx: Executor, row: PersonRow, actorId: number): Promise<erase.Erased> {
  switch (row.kind) {
    case 'tenant':
      return erase.anonymiseTenant(tx, row, actorId);
    case 'guarantor':
      return erase.anonymiseGuarantor(tx, row, actorId);
    case 'owner':
      return erase.anonymiseOwner(tx, row, actorId);
    case 'lead':
      await erase.anonymiseLead(tx, row);
      return { storedNames: [], documentsDeleted: 0 };
    case 'attendee':
      await erase.anonymiseAttendee(tx, row);
      return { storedNames: [], documentsDeleted: 0 };
    case 'broker':
      await anonymiseBroker(tx, row);
      return { storedNames: [], documentsDeleted: 0 };
  }
}

function identifiersOf(rows: PersonRow[]): erase.Identifiers {
  // A record cancelled before already reads 'Titular anonimizado': that is nobody's name.
  const names = rows.map((row) => row.name).filter((name) => name !== anonymisedName);
  const emails = rows.flatMap((row) => ('email' in row && row.email ? [row.email] : []));
  const phones = rows
    .flatMap((row) => (row.kind === 'lead' ? [row.phone, row.phonewhats] : row.kind === 'attendee' ? [] : row.kind === 'broker' ? [row.phone] : [row.phone, row.mobile]))
    .filter(Boolean);
  return { names: [...new Set(names)], emails: [...new Set(emails)], phones: [...new Set(phones)] };
}

async function cancelInTransaction(tx: Executor, actor: AuthUser, erasable: PersonRow[]): Promise<CancelTotals> {
  const totals: CancelTotals = { storedNames: [], documentsDeleted: 0, emailsDeleted: 0 };
  const identifiers = identifiersOf(erasable);
  for (const row of erasable) {
    const erased = await anonymiseRow(tx, row, actor.id);
    totals.storedNames.push(...erased.storedNames);
    totals.documentsDeleted += erased.documentsDeleted;
  }
  const policyIds = [...new Set(erasable.filter(isPolicyPerson).map((row) => row.policyId))];
  for (const policyId of policyIds) {
    await erase.recomputePolicySummary(tx, policyId);
    totals.storedNames.push(...(await erase.deleteGeneratedDocuments(tx, policyId)));
  }
  // Their policies' cases (issue 33): the personal texts and files go; amounts, dates, stages and results stay.
  totals.storedNames.push(...(await anonymiseClaimRows(tx, await claimIdsOfPolicies(tx, policyIds), new Date())));
  const pattern = erase.identifierPattern(identifiers);
  if (pattern) {
    await erase.scrubPolicyTexts(tx, policyIds, pattern);
    await erase.scrubAppointmentTexts(tx, erasable.flatMap((row) => (row.kind === 'attendee' ? [row.appointmentId] : [])), pattern);
    totals.emailsDeleted = await erase.scrubOutbox(tx, pattern, identifiers.emails);
    // A kept record (a contract in force) still names the person: its policy's history stays whole.
    if (!(await erase.stillHeld(tx, identifiers))) await erase.scrubEverywhere(tx, pattern);
  }
  return totals;
}

/**
 * POST /api/admin/arco/cancel: anonymises the records no law keeps, in one transaction, then
 * removes their files from the store. Retained records are answered as kept and left untouched.
 */
export async function cancelRecords(db: Db, files: FileStore, log: FastifyBaseLogger, actor: AuthUser, request: ArcoCancelRequest): Promise<ArcoCancelResult> {
  const { result, storedNames } = await db.transaction(async (tx) => {
    const rows = await loadRecords(tx, request.records);
    const kept = rows.flatMap((row) => {
      const reason = isPolicyPerson(row) ? retentionReason(row) : row.kind === 'broker' ? brokerRetention(row) : null;
      return reason ? [{ kind: row.kind, id: row.id, reason }] : [];
    });
    const erasable = rows.filter((row) => !kept.some((keep) => keep.kind === row.kind && keep.id === row.id));
    const totals = erasable.length > 0 ? await cancelInTransaction(tx, actor, erasable) : { storedNames: [], documentsDeleted: 0, emailsDeleted: 0 };
    const anonymised = erasable.map((row) => ({ kind: row.kind, id: row.id }));
    const outcome = { anonymised, kept: kept.map(({ kind, id }) => ({ kind, id })), documentsDeleted: totals.documentsDeleted, filesDeleted: totals.storedNames.length, emailsDeleted: totals.emailsDeleted };
    // The reason is kept as the request's record; what it says of the erased person goes with them.
    const reason = redactPerson(request.reason, identifiersOf(erasable));
    const requestId = await insertArcoRequest(tx, { kind: 'cancellation', personQuery: refsText(request.records), reason, outcome, createdBy: actor.id });
    return { result: { requestId, ...outcome, kept }, storedNames: totals.storedNames };
  });
  // After the commit: a file removed before it and a rollback would leave rows without bytes.
  await Promise.all(storedNames.map((storedName) => files.remove(storedName).catch((error: unknown) => log.error({ err: error, storedName }, 'could not remove a cancelled person\'s file'))));
  return result;
}
