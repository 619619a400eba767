import { asc, desc, eq, sql } from 'drizzle-orm';
import type { ClaimChecklistItem } from '@portal/domain';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { rowsOf, type Executor } from '../../../db/client';
import {
  claimAgreements,
  claimContacts,
  claimDeadlines,
  claimDocuments,
  claimEvents,
  claimFiles,
  claimInstalmentPayments,
  claimInstalments,
  claimLawsuits,
  claimMovements,
  claims,
} from '../../../db/schema/index';

/* The parts of one case its page shows (issue 33). The caller has checked the case's branch. */

const nameOf = (id: AnyPgColumn) => sql<string>`coalesce((select nullif(trim(x.first_name || ' ' || x.last_name), '') from users x where x.id = ${id}), '')`;

export async function listClaimEvents(db: Executor, claimId: number) {
  return db
    .select({
      id: claimEvents.id,
      fromStage: claimEvents.fromStage,
      toStage: claimEvents.toStage,
      result: claimEvents.result,
      note: claimEvents.note,
      userName: nameOf(claimEvents.userId),
      actorLabel: claimEvents.actorLabel,
      ownerNotified: claimEvents.ownerNotified,
      createdAt: claimEvents.createdAt,
    })
    .from(claimEvents)
    .where(eq(claimEvents.claimId, claimId))
    .orderBy(desc(claimEvents.createdAt), desc(claimEvents.id));
}

export async function listClaimContacts(db: Executor, claimId: number) {
  return db
    .select({
      id: claimContacts.id,
      channel: claimContacts.channel,
      party: claimContacts.party,
      personName: claimContacts.personName,
      at: claimContacts.at,
      result: claimContacts.result,
      promisedOn: claimContacts.promisedOn,
      promisedAmount: claimContacts.promisedAmount,
      recordedBy: nameOf(claimContacts.createdBy),
    })
    .from(claimContacts)
    .where(eq(claimContacts.claimId, claimId))
    .orderBy(desc(claimContacts.at), desc(claimContacts.id));
}

export async function listClaimDeadlines(db: Executor, claimId: number) {
  return db
    .select({
      id: claimDeadlines.id,
      claimId: claimDeadlines.claimId,
      dueOn: claimDeadlines.dueOn,
      description: claimDeadlines.description,
      doneAt: claimDeadlines.doneAt,
      createdBy: nameOf(claimDeadlines.createdBy),
      createdAt: claimDeadlines.createdAt,
    })
    .from(claimDeadlines)
    .where(eq(claimDeadlines.claimId, claimId))
    .orderBy(asc(claimDeadlines.dueOn), asc(claimDeadlines.id));
}

export async function findClaimLawsuit(db: Executor, claimId: number) {
  const [row] = await db.select().from(claimLawsuits).where(eq(claimLawsuits.claimId, claimId));
  return row ?? null;
}

export async function listClaimMovements(db: Executor, claimId: number) {
  return db
    .select({
      id: claimMovements.id,
      kind: claimMovements.kind,
      amount: claimMovements.amount,
      on: claimMovements.on,
      description: claimMovements.description,
      recordedBy: nameOf(claimMovements.createdBy),
      reversedAt: claimMovements.reversedAt,
      reversalReason: claimMovements.reversalReason,
    })
    .from(claimMovements)
    .where(eq(claimMovements.claimId, claimId))
    .orderBy(desc(claimMovements.on), desc(claimMovements.id));
}

export async function listClaimDocuments(db: Executor, claimId: number) {
  return db
    .select({
      id: claimDocuments.id,
      kind: claimDocuments.kind,
      fileName: claimDocuments.fileName,
      size: claimDocuments.size,
      sha256: claimDocuments.sha256,
      createdBy: nameOf(claimDocuments.createdBy),
      createdAt: claimDocuments.createdAt,
    })
    .from(claimDocuments)
    .where(eq(claimDocuments.claimId, claimId))
    .orderBy(desc(claimDocuments.createdAt), desc(claimDocuments.id));
}

export async function listClaimFiles(db: Executor, claimId: number) {
  return db
    .select({
      id: claimFiles.id,
      fileName: claimFiles.fileName,
      mimeType: claimFiles.mimeType,
      size: claimFiles.size,
      uploadedBy: sql<string>`case when ${claimFiles.linkId} is not null then 'Propietario (por enlace)' else ${nameOf(claimFiles.uploadedBy)} end`,
      createdAt: claimFiles.createdAt,
    })
    .from(claimFiles)
    .where(eq(claimFiles.claimId, claimId))
    .orderBy(asc(claimFiles.createdAt), asc(claimFiles.id));
}

/** The case's latest agreement (the active one, else the last that ended) with its instalments. */
export async function findClaimAgreement(db: Executor, claimId: number) {
  const [agreement] = await db
    .select()
    .from(claimAgreements)
    .where(eq(claimAgreements.claimId, claimId))
    .orderBy(sql`${claimAgreements.state} = 'active' desc`, desc(claimAgreements.id))
    .limit(1);
  if (!agreement) return null;
  const instalments = await db.select().from(claimInstalments).where(eq(claimInstalments.agreementId, agreement.id)).orderBy(asc(claimInstalments.seq));
  const payments = await db
    .select({
      id: claimInstalmentPayments.id,
      instalmentId: claimInstalmentPayments.instalmentId,
      amount: claimInstalmentPayments.amount,
      receivedOn: claimInstalmentPayments.receivedOn,
      method: claimInstalmentPayments.method,
      reference: claimInstalmentPayments.reference,
      recordedBy: nameOf(claimInstalmentPayments.createdBy),
      reversedAt: claimInstalmentPayments.reversedAt,
      reversalReason: claimInstalmentPayments.reversalReason,
    })
    .from(claimInstalmentPayments)
    .innerJoin(claimInstalments, eq(claimInstalments.id, claimInstalmentPayments.instalmentId))
    .where(eq(claimInstalments.agreementId, agreement.id))
    .orderBy(asc(claimInstalmentPayments.id));
  return { ...agreement, instalments: instalments.map((row) => ({ ...row, payments: payments.filter((payment) => payment.instalmentId === row.id) })) };
}

/** Which of the documents the case needs exist: the signed lease, the pagarés, the rent schedule, evidence. */
export async function claimChecklist(db: Executor, claimId: number, policyId: number): Promise<Record<ClaimChecklistItem, boolean>> {
  const result = await db.execute(sql`select
      exists (select 1 from signing_rounds r where r.policy_id = ${policyId} and r.subject = 'contracts' and r.status = 'completed')
        or exists (select 1 from policies p where p.id = ${policyId} and p.status in ('active', 'expiring', 'expired')) as contract,
      exists (select 1 from contract_documents d where d.policy_id = ${policyId} and d.kind = 'promissory_notes') as promissory_notes,
      exists (select 1 from rent_schedules s where s.policy_id = ${policyId}) as rent_schedule,
      exists (select 1 from claim_files f where f.claim_id = ${claimId}) as evidence`);
  const row = rowsOf<Record<ClaimChecklistItem, boolean>>(result)[0];
  return { contract: Boolean(row?.contract), promissory_notes: Boolean(row?.promissory_notes), rent_schedule: Boolean(row?.rent_schedule), evidence: Boolean(row?.evidence) };
}

/** Who last wrote the case (for a 412's message). */
export async function claimUpdatedByName(db: Executor, claimId: number): Promise<string | null> {
  const result = await db.execute(sql`select nullif(trim(u.first_name || ' ' || u.last_name), '') as name from claims c left join users u on u.id = c.updated_by where c.id = ${claimId}`);
  return rowsOf<{ name: string | null }>(result)[0]?.name ?? null;
}


/** The case's own row (its description, amounts claimed, version). */
export async function findClaimRow(db: Executor, claimId: number) {
  const [row] = await db.select().from(claims).where(eq(claims.id, claimId));
  return row ?? null;
}

export interface ClaimPersonRow {
  party: 'tenant' | 'guarantor' | 'owner';
  name: string;
  email: string;
  phone: string;
}

/**
 * The people a case involves — the policy's tenants, obligados solidarios and owner, in the form's
 * order — with the phone one reaches them on (mobile, else landline). One query: the case's page
 * needs their names and contacts, not the whole policy.
 */
export async function claimPeople(db: Executor, policyId: number): Promise<ClaimPersonRow[]> {
  const result = await db.execute(sql`
    select party, name, email, phone from (
      select 'tenant' as party, 0 as rank, t.position as position, t.name, t.email, coalesce(nullif(t.mobile, ''), t.phone) as phone from tenants t where t.policy_id = ${policyId}
      union all
      select 'guarantor', 1, g.position, g.name, g.email, coalesce(nullif(g.mobile, ''), g.phone) from guarantors g where g.policy_id = ${policyId}
      union all
      select 'owner', 2, 0, o.name, o.email, coalesce(nullif(o.mobile, ''), o.phone) from property_owners o join properties p on p.id = o.property_id where p.policy_id = ${policyId}
    ) people order by rank, position`);
  return rowsOf<ClaimPersonRow>(result);
}
