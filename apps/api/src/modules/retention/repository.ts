import { sql, type SQL } from 'drizzle-orm';
import type { RetentionBranch, RetentionFile, RetentionReason } from '@portal/domain';
import { rowsOf, type Executor } from '../../db/client';
import { addendums, branches, contractDocuments, investigationDocuments, policies, policyEvents, signingRounds } from '../../db/schema/index';

/** A policy whose files are due, before its files are listed. */
export interface DuePolicyRow {
  policyId: number;
  investigationId: string;
  policyNumber: string;
  branchId: number;
  branchName: string;
  reason: RetentionReason;
  since: string;
  deleteAfter: string;
}

/*
 * When a policy's files fall due, as one SQL expression both the dry run and the deletions use
 * (so a deletion re-checks exactly what the dry run decided):
 * - 'investigation_rejected': the branch's months after the latest event that moved it there;
 * - 'expired': the branch's years after its end date;
 * - 'cancelled': the branch's years after the latest event that cancelled it.
 * Days are Mexico City calendar days. A policy with no such event counts from its last update;
 * a branch period of null never falls due.
 */
const candidates = sql`
  select p.id as policy_id, p.investigation_id, p.policy_number, p.branch_id, b.name as branch_name, p.status,
    case when p.status = 'investigation_rejected' then 'rejected' else 'ended' end as reason,
    case when p.status = 'expired' and p.end_date is not null then p.end_date
      else (coalesce(
        (select max(e.created_at) from ${policyEvents} e where e.policy_id = p.id and e.to_status = p.status),
        p.updated_at) at time zone 'America/Mexico_City')::date
    end as since,
    case when p.status = 'investigation_rejected' then make_interval(months => b.retain_rejected_documents_months::int)
      else make_interval(years => b.retain_ended_policy_documents_years::int)
    end as period
  from ${policies} p join ${branches} b on b.id = p.branch_id
  where (p.status = 'investigation_rejected' and b.retain_rejected_documents_months is not null)
     or (p.status in ('expired', 'cancelled') and b.retain_ended_policy_documents_years is not null)`;

/** The due policies (`today` = yyyy-MM-dd in Mexico City), optionally only one. */
function duePolicies(today: string, policyId?: number): SQL {
  const onePolicy = policyId === undefined ? sql`` : sql`and c.policy_id = ${policyId}`;
  return sql`
    select c.*, (c.since + c.period)::date as delete_after
    from (${candidates}) c
    where (c.since + c.period)::date <= ${today}::date ${onePolicy}`;
}

/** Which due policies to read: a batch after a policy id (the job), or the longest due first (the preview). */
export type DueSlice = { afterPolicyId: number; limit: number } | { oldestFirst: true; limit: number } | { all: true };

/**
 * The due policies that still have a file to lose (one cleaned by an earlier run stays due for
 * ever, so without this every run would read every policy ever cleaned).
 */
export async function findDuePolicies(db: Executor, today: string, slice: DueSlice): Promise<DuePolicyRow[]> {
  const page =
    'afterPolicyId' in slice
      ? sql`and due.policy_id > ${slice.afterPolicyId} order by due.policy_id limit ${slice.limit}`
      : sql`order by due.delete_after, due.policy_id ${'limit' in slice ? sql`limit ${slice.limit}` : sql``}`;
  const hasFiles = sql`exists (select 1 from (${filesOf(sql`due.policy_id`, sql`case when due.reason = 'ended' then due.policy_id end`)}) f)`;
  const result = await db.execute(sql`
    select due.policy_id as "policyId", due.investigation_id as "investigationId", due.policy_number as "policyNumber",
      due.branch_id as "branchId", due.branch_name as "branchName", due.reason, due.since::text as since, due.delete_after::text as "deleteAfter"
    from (${duePolicies(today)}) due
    where ${hasFiles} ${page}`);
  return rowsOf<DuePolicyRow>(result);
}

/**
 * The files a due policy loses: a rejected investigation's documents; every file of an ended
 * policy (investigation documents, generated contract documents, signed ones included, its
 * addendums' files and the packs its signing rounds showed). A pack made before its size was
 * kept counts 0 bytes here; the run fills it in from the store.
 */
export async function findFiles(db: Executor, policyIds: number[], endedPolicyIds: number[]): Promise<Array<RetentionFile & { policyId: number }>> {
  if (policyIds.length === 0) return [];
  const all = sql.join(policyIds.map((id) => sql`${id}`), sql`, `);
  const ended = endedPolicyIds.length === 0 ? sql`null` : sql.join(endedPolicyIds.map((id) => sql`${id}`), sql`, `);
  const result = await db.execute(sql`${filesOf(all, ended)} order by 3, 1, 2`);
  return rowsOf<RetentionFile & { policyId: number }>(result).map((row) => ({ ...row, size: Number(row.size) }));
}

/**
 * Everything due today at once, counted in the database: the policies that still have files,
 * their files and bytes (the preview lists only the first ones).
 */
export async function dueTotals(db: Executor, today: string): Promise<{ policies: number; files: number; bytes: number }> {
  // The due policies once (a CTE), then their files.
  const due = sql`select due.policy_id from due`;
  const ended = sql`select due.policy_id from due where due.reason = 'ended'`;
  const [row] = rowsOf<{ policies: number; files: number; bytes: number }>(
    await db.execute(sql`
      with due as (${duePolicies(today)})
      select count(distinct f."policyId")::int as policies, count(*)::int as files, coalesce(sum(f.size), 0)::float8 as bytes
      from (${filesOf(due, ended)}) f`),
  );
  return { policies: Number(row?.policies ?? 0), files: Number(row?.files ?? 0), bytes: Number(row?.bytes ?? 0) };
}

/** The files of the policies `all` names (a list or a subquery), those of `ended` ones included. */
function filesOf(all: SQL, ended: SQL): SQL {
  return sql`
    select 'investigation_document' as kind, d.id, d.policy_id as "policyId", d.stored_name as "storedName", d.original_filename as "originalFilename", d.size::float8 as size
      from ${investigationDocuments} d where d.policy_id in (${all})
    union all
    select 'contract_document', c.id, c.policy_id, c.stored_name, c.file_name, c.size::float8
      from ${contractDocuments} c where c.policy_id in (${ended})
    union all
    select 'addendum_file', a.id, a.policy_id, a.file_stored_name, coalesce(a.file_original_name, ''), coalesce(a.file_size, 0)::float8
      from ${addendums} a where a.policy_id in (${ended}) and a.file_stored_name is not null
    union all
    select 'signing_pack', r.id, r.policy_id, r.pack_stored_name, 'contratos-para-firmar.pdf', coalesce(r.pack_size, 0)::float8
      from ${signingRounds} r where r.policy_id in (${ended}) and r.pack_stored_name is not null`;
}

export async function listBranchPeriods(db: Executor): Promise<RetentionBranch[]> {
  return db
    .select({
      id: branches.id,
      name: branches.name,
      retainRejectedDocumentsMonths: branches.retainRejectedDocumentsMonths,
      retainEndedPolicyDocumentsYears: branches.retainEndedPolicyDocumentsYears,
      retainClosedClaimsYears: branches.retainClosedClaimsYears,
    })
    .from(branches)
    .orderBy(branches.name);
}

/** What the dry run decided for one policy, checked again by every statement that deletes. */
export interface PlannedPolicy {
  policyId: number;
  reason: RetentionReason;
  since: string;
}

/** Locks the policy row: a status change waits for this transaction (and is seen by the re-check). */
export async function lockPolicy(tx: Executor, policyId: number): Promise<void> {
  await tx.execute(sql`select id from ${policies} where id = ${policyId} for update`);
}

/** Still due today for the same reason, counted from the same day: nothing changed since the dry run. */
function stillDue(planned: PlannedPolicy, today: string): SQL {
  return sql`exists (
    select 1 from (${duePolicies(today, planned.policyId)}) d
    where d.reason = ${planned.reason} and d.since = ${planned.since}::date)`;
}

type PlannedFile = Pick<RetentionFile, 'id' | 'storedName'>;

/** A (id, stored name) list for `(id, stored_name) in (…)`: a row whose file was replaced since is not the planned one. */
function idsAndNames(files: PlannedFile[]): SQL {
  return sql.join(files.map((file) => sql`(${file.id}, ${file.storedName})`), sql`, `);
}

/** Deletes the planned rows of one kind that are still what the dry run saw; returns those deleted. */
export async function deletePlannedFiles(tx: Executor, kind: RetentionFile['kind'], files: PlannedFile[], planned: PlannedPolicy, today: string): Promise<PlannedFile[]> {
  if (files.length === 0) return [];
  const due = stillDue(planned, today);
  const statement = {
    investigation_document: sql`
      delete from ${investigationDocuments} d
      where d.policy_id = ${planned.policyId} and (d.id, d.stored_name) in (${idsAndNames(files)}) and ${due}
      returning d.id`,
    contract_document: sql`
      delete from ${contractDocuments} c
      where c.policy_id = ${planned.policyId} and (c.id, c.stored_name) in (${idsAndNames(files)}) and ${due}
      returning c.id`,
    // The addendum itself stays (it is part of the policy's record): only its file goes.
    addendum_file: sql`
      update ${addendums} a set file_stored_name = null, file_original_name = null, file_mime_type = null, file_size = null,
        file_sha256 = null, file_uploaded_at = null, file_uploaded_by = null
      where a.policy_id = ${planned.policyId} and (a.id, a.file_stored_name) in (${idsAndNames(files)}) and ${due}
      returning a.id`,
    // The round and its signers' evidence stay; the pack's hash still names what they signed.
    signing_pack: sql`
      update ${signingRounds} r set pack_stored_name = null
      where r.policy_id = ${planned.policyId} and (r.id, r.pack_stored_name) in (${idsAndNames(files)}) and ${due}
      returning r.id`,
  }[kind];
  // The (id, name) pairs matched, so a returned id names the planned file (an emptied addendum no longer has it).
  const deletedIds = new Set(rowsOf<{ id: number }>(await tx.execute(statement)).map((row) => Number(row.id)));
  return files.filter((file) => deletedIds.has(file.id));
}

export async function insertSystemEvent(tx: Executor, policyId: number, note: string, at: Date): Promise<void> {
  await tx.insert(policyEvents).values({ policyId, userId: null, fromStatus: null, toStatus: null, changes: [], note, bySystem: true, createdAt: at });
}
