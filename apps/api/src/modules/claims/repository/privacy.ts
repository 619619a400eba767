import { and, inArray, isNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { anonymisedName, claimErasedText, claimOwnerReporter } from '@portal/domain';
import { rowsOf, type Executor } from '../../../db/client';
import { claimAgreements, claimContacts, claimDocuments, claimEvents, claimFiles, claimLawsuits, claims } from '../../../db/schema/index';

/*
 * The cases' personal data (issue 33, LFPDPPP): what each holds (the ARCO search), and its
 * anonymisation (an ARCO cancellation, or the retention period after closing). Each write runs in
 * the caller's transaction and returns the stored files it orphaned: the caller removes them from
 * the store after the commit.
 */

export interface ClaimPersonalData {
  id: number;
  policyId: number;
  description: boolean;
  reportedBy: boolean;
  contacts: number;
  notes: number;
  files: number;
  documents: number;
}

/** The cases of these policies not yet anonymised, with what personal data each holds. */
export async function claimsPersonalData(db: Executor, policyIds: number[]): Promise<ClaimPersonalData[]> {
  if (policyIds.length === 0) return [];
  const ids = sql.join(policyIds.map((id) => sql`${id}`), sql`, `);
  const result = await db.execute(sql`
    select c.id, c.policy_id as "policyId", (c.description <> '') as description, (c.reported_by <> '') as "reportedBy",
      (select count(*) from claim_contacts k where k.claim_id = c.id)::int as contacts,
      (select count(*) from claim_events e where e.claim_id = c.id and e.note <> '')::int as notes,
      (select count(*) from claim_files f where f.claim_id = c.id)::int as files,
      (select count(*) from claim_documents d where d.claim_id = c.id)::int as documents
    from claims c
    where c.policy_id in (${ids}) and c.anonymised_at is null
    order by c.policy_id, c.id`);
  return rowsOf<ClaimPersonalData>(result).map((row) => ({ ...row, id: Number(row.id), policyId: Number(row.policyId), contacts: Number(row.contacts), notes: Number(row.notes), files: Number(row.files), documents: Number(row.documents) }));
}

/** The not-anonymised cases of these policies (an ARCO cancellation takes them all). */
export async function claimIdsOfPolicies(db: Executor, policyIds: number[]): Promise<number[]> {
  if (policyIds.length === 0) return [];
  const rows = await db.select({ id: claims.id }).from(claims).where(and(inArray(claims.policyId, policyIds), isNull(claims.anonymisedAt)));
  return rows.map((row) => row.id);
}

/**
 * Closed cases whose branch's years after closing (Mexico City days) are over by `today`, oldest
 * first, their rows held for the caller's transaction (a reopening waits, then finds them anonymised).
 */
export async function lockDueClosedClaims(tx: Executor, today: string, limit: number): Promise<Array<{ id: number; policyId: number }>> {
  const result = await tx.execute(sql`
    select c.id, c.policy_id as "policyId" from claims c
    join policies p on p.id = c.policy_id
    join branches b on b.id = p.branch_id
    where c.status = 'closed' and c.anonymised_at is null and c.closed_at is not null and b.retain_closed_claims_years is not null
      and ((c.closed_at at time zone 'America/Mexico_City')::date + make_interval(years => b.retain_closed_claims_years::int))::date <= ${today}::date
    order by c.id
    limit ${limit}
    for update of c`);
  return rowsOf<{ id: number; policyId: number }>(result).map((row) => ({ id: Number(row.id), policyId: Number(row.policyId) }));
}

/** Whoever a name was written as: the person becomes 'Titular anonimizado'; '' stays ''. */
const nameGone = (column: AnyPgColumn) => sql`case when ${column} = '' then '' else ${anonymisedName} end`;

/**
 * Wipes the cases' personal text — description, who reported it, the contacts' names and results,
 * the events' notes and outside actors' names, the lawsuit's and agreement's notes — and deletes
 * their evidence and drawn documents. Amounts, dates, stages, results and deadlines stay. Returns
 * the stored names of the files deleted.
 */
export async function anonymiseClaimRows(tx: Executor, claimIds: number[], now: Date): Promise<string[]> {
  if (claimIds.length === 0) return [];
  await tx.update(claims).set({ description: claimErasedText, reportedBy: nameGone(claims.reportedBy), anonymisedAt: now }).where(inArray(claims.id, claimIds));
  await tx.update(claimContacts).set({ personName: nameGone(claimContacts.personName), result: claimErasedText }).where(inArray(claimContacts.claimId, claimIds));
  // 'Sistema' and the owner's link without a name are nobody's; a named outside actor is the person.
  const outsider = sql`case when ${claimEvents.actorLabel} in ('', 'Sistema', ${claimOwnerReporter}) then ${claimEvents.actorLabel} else ${anonymisedName} end`;
  await tx.update(claimEvents).set({ note: '', actorLabel: outsider }).where(inArray(claimEvents.claimId, claimIds));
  await tx.update(claimLawsuits).set({ notes: '' }).where(inArray(claimLawsuits.claimId, claimIds));
  await tx.update(claimAgreements).set({ notes: '' }).where(inArray(claimAgreements.claimId, claimIds));
  const files = await tx.delete(claimFiles).where(inArray(claimFiles.claimId, claimIds)).returning({ storedName: claimFiles.storedName });
  const documents = await tx.delete(claimDocuments).where(inArray(claimDocuments.claimId, claimIds)).returning({ storedName: claimDocuments.storedName });
  return [...files, ...documents].map((row) => row.storedName);
}
