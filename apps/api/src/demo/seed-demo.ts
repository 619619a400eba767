import {
  businessDate,
  canJumpStatus,
  formatInvestigationFolio,
  policyInputSchema,
  policyStatuses,
  type PolicyInput,
  type PolicyStatus,
} from '@portal/domain';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../lib/app-error';
import type { FileStore } from '../lib/file-store';
import { seedDemoActivity, type DemoActivity } from './seed-demo-activity';
import { seedDemoDocuments } from './seed-demo-documents';
import {
  backdateEvent,
  backdatePolicy,
  countPoliciesByStatus,
  countPolicyEvents,
  findBranch,
  findDefaultBranch,
  findFirstActiveAdmin,
  findFirstActiveStaff,
  findPolicyEventIds,
  findPolicyIdsByNotePrefix,
  forgetMessagesAfter,
  lastMessageIds,
  lastPolicyNumber,
  raisePolicyNumberCounter,
} from './repository';
import type { AuthUser } from '../lib/auth-user';
import { changePolicyStatus, createPolicy, updatePolicy } from '../modules/policies/index';
import { between, seededRandom } from './demo-data';
import { DEMO_MARKER, DemoPeople, pickPolicyType } from './demo-people';

/**
 * `npm run seed:demo`: about forty realistic policies in one branch, in every status, written
 * through the policies service (so each one passes the domain rules and gets its history), then
 * dated back over the last months: creation date, folio, history and "updated" move together.
 */

/** How many demo policies of each status: 40 in all. */
export const demoPlan: ReadonlyArray<[PolicyStatus, number]> = [
  ['created', 5],
  ['investigation', 5],
  ['investigation_approved', 4],
  ['investigation_rejected', 3],
  ['contracts', 4],
  ['signature', 4],
  ['active', 8],
  ['cancelled', 2],
  ['expiring', 3],
  ['expired', 2],
];

export class DemoSeedError extends Error {}

export interface DemoSeedOptions {
  /** The branch to fill; the one named Sucursal Polanco (else the first) when absent. */
  branchId?: number | undefined;
  /** "Now" of the timeline; tests pin it. */
  now?: Date;
  /** Where the investigations' demo documents go; without it, the policies have none. */
  files?: FileStore;
}

export interface DemoSeedResult {
  branchId: number;
  branchName: string;
  /** True when the branch already had demo policies: nothing was written. */
  skipped: boolean;
  /** Demo policies of the branch after the run (existing ones when skipped). */
  policies: number;
  byStatus: Record<PolicyStatus, number>;
  events: number;
  /** Investigation documents written (0 when skipped or without a file store). */
  documents: number;
  /** Addendums, appointments and leads written (all 0 when skipped). */
  activity: DemoActivity;
  actorEmail: string;
}

interface Step {
  status: PolicyStatus;
  /** 'menu': the tracking row menu's transition; 'form': a save of the whole form. */
  via: 'create' | 'form' | 'menu';
  note?: string;
}

const created: Step = { status: 'created', via: 'create' };
const investigation: Step = { status: 'investigation', via: 'form' };
const approved: Step = { status: 'investigation_approved', via: 'form' };
const contracts: Step = { status: 'contracts', via: 'menu', note: 'Contratos generados para firma' };
const signature: Step = { status: 'signature', via: 'menu', note: 'Contratos enviados al inquilino y al propietario' };
const active: Step = { status: 'active', via: 'menu', note: 'Firma confirmada por todas las partes' };

/** The way a policy reached each status: the business's usual path. */
const paths: Record<PolicyStatus, Step[]> = {
  created: [created],
  investigation: [created, investigation],
  investigation_approved: [created, investigation, approved],
  investigation_rejected: [created, investigation, { status: 'investigation_rejected', via: 'form' }],
  contracts: [created, investigation, approved, contracts],
  signature: [created, investigation, approved, contracts, signature],
  active: [created, investigation, approved, contracts, signature, active],
  cancelled: [created, investigation, approved, contracts, signature, { status: 'cancelled', via: 'menu', note: 'El inquilino desistió antes de firmar' }],
  expiring: [created, investigation, approved, contracts, signature, active, { status: 'expiring', via: 'form' }],
  expired: [created, investigation, approved, contracts, signature, active, { status: 'expiring', via: 'form' }, { status: 'expired', via: 'form' }],
};

/** How long ago (days) a policy that is now in this status was created. */
const ageDays: Record<Exclude<PolicyStatus, 'expiring' | 'expired'>, [number, number]> = {
  created: [0, 5],
  investigation: [3, 12],
  investigation_approved: [6, 20],
  investigation_rejected: [6, 60],
  contracts: [8, 25],
  signature: [10, 30],
  active: [25, 320],
  cancelled: [15, 120],
};

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

export async function seedDemoPolicies(db: Db, options: DemoSeedOptions = {}): Promise<DemoSeedResult> {
  const now = options.now ?? new Date();
  const branch = await chooseBranch(db, options.branchId);
  const actor = await actingUser(db, branch.id);
  const existing = await demoPolicyIds(db, branch.id);
  if (existing.length > 0) {
    const none = { addendums: 0, appointments: 0, leads: 0 };
    return { ...(await summary(db, branch, existing)), skipped: true, documents: 0, activity: none, actorEmail: actor.email };
  }

  const random = seededRandom(branch.id * 7919 + 2026);
  const demo = new DemoPeople(random);
  const drafts = demoPlan.flatMap(([status, count]) =>
    Array.from({ length: count }, (_, index) => {
      const policyType = pickPolicyType(random, status, index);
      const plan = planTimeline(random, paths[status], now);
      const input = policyInputSchema.parse(demo.policyValues(policyType, plan.contractStart, branch.id, status));
      return { status, plan, input };
    }),
  );
  const folios = await demoFolios(db, branch, drafts);
  const before = await lastMessageIds(db);
  const ids: number[] = [];
  for (const [index, { status, plan, input }] of drafts.entries()) {
    const id = await walk(db, actor, input, paths[status], folios.byDraft.get(index) ?? '');
    await backdate(db, id, plan.times, random);
    ids.push(id);
  }
  for (const [year, lastValue] of folios.lastByYear) await raisePolicyNumberCounter(db, branch.id, year, lastValue);
  const documents = options.files ? await seedDemoDocuments(db, options.files, ids, actor.id) : 0;
  const activity = await seedDemoActivity(db, { ...actor, branchId: branch.id }, random, now);
  // The services tell people as they would for real (a decided investigation tells its agent):
  // demo data reaches nobody (issue 29), so the notices and e-mails it caused go (server stopped).
  await forgetMessagesAfter(db, before);
  return { ...(await summary(db, branch, ids)), skipped: false, documents, activity, actorEmail: actor.email };
}

// --- who and where ---------------------------------------------------------------------------

async function chooseBranch(db: Db, requested: number | undefined): Promise<{ id: number; name: string; code: string }> {
  if (requested !== undefined) {
    const row = await findBranch(db, requested);
    if (!row) throw new DemoSeedError(`La sucursal ${requested} no existe.`);
    return row;
  }
  const row = await findDefaultBranch(db);
  if (!row) throw new DemoSeedError('No hay sucursales en la base de datos.');
  return row;
}

/** The branch's first active non-admin user, else the first active admin: the policies are theirs. */
async function actingUser(db: Db, branchId: number): Promise<AuthUser> {
  const own = await findFirstActiveStaff(db, branchId);
  if (own) return own;
  const admin = await findFirstActiveAdmin(db);
  if (!admin) throw new DemoSeedError('No hay ningún usuario activo que pueda registrar las pólizas.');
  return admin;
}

function demoPolicyIds(db: Db, branchId: number): Promise<number[]> {
  return findPolicyIdsByNotePrefix(db, branchId, DEMO_MARKER);
}

async function summary(db: Db, branch: { id: number; name: string }, ids: number[]) {
  const byStatus = Object.fromEntries(policyStatuses.map((status) => [status, 0])) as Record<PolicyStatus, number>;
  let events = 0;
  if (ids.length > 0) {
    for (const row of await countPoliciesByStatus(db, ids)) byStatus[row.status] = row.count;
    events = await countPolicyEvents(db, ids);
  }
  return { branchId: branch.id, branchName: branch.name, policies: ids.length, byStatus, events };
}

// --- the policy's life, through the service ------------------------------------------------------

/**
 * Creates the policy and moves it along its path: the row menu where it offers the step, else the
 * form. A form step outside the menu's transitions is a status jump, which only a manager or an
 * admin may make: an agent's or approver's policies take those steps as the first admin. The
 * approval, which brings the demo's folio de póliza, is always the first admin's (issue 28).
 */
async function walk(db: Db, actor: AuthUser, input: PolicyInput, path: Step[], policyNumber: string): Promise<number> {
  const policy = await createPolicy(db, actor, input);
  const admin = (await findFirstActiveAdmin(db)) ?? actor;
  const jumper = canJumpStatus(actor.role) ? actor : admin;
  let current = input;
  for (const step of path.slice(1)) {
    if (step.via === 'menu') {
      await changePolicyStatus(db, actor, policy.id, { status: step.status, note: step.note });
    } else {
      // Approval is when the policy gets its number (policy folio) in the form: a number of the
      // past, which only an admin may give (the server numbers at 'contracts' in the present year).
      const numbered = step.status === 'investigation_approved';
      current = { ...current, status: step.status, ...(numbered ? { policyNumber } : {}) };
      await updatePolicy(db, numbered ? admin : jumper, policy.id, current);
    }
  }
  return policy.id;
}

/**
 * Moves the policy's dates back to its planned timeline: created_at and the folio (which carries
 * the creation minute, in Mexico City time), each history event, updated_at (the last event) and
 * search_text (which holds the folio). Another policy holding the folio means another draw.
 */
async function backdate(db: Db, id: number, times: Date[], random: () => number): Promise<void> {
  const createdAt = times[0]!;
  const updatedAt = times.at(-1)!;
  for (let attempt = 1; ; attempt++) {
    try {
      await db.transaction(async (tx) => {
        const events = await findPolicyEventIds(tx, id);
        if (events.length !== times.length) throw new Error(`La póliza ${id} tiene ${events.length} eventos; se esperaban ${times.length}.`);
        for (const [index, eventId] of events.entries()) await backdateEvent(tx, eventId, times[index]!);
        const investigationId = formatInvestigationFolio(createdAt, Math.floor(random() * 1000));
        await backdatePolicy(tx, id, { investigationId, createdAt, updatedAt });
      });
      return;
    } catch (error) {
      if (!isUniqueViolation(error, 'policies_investigation_id_key') || attempt === 10) throw error;
    }
  }
}

/** Where in a path the policy gets its folio: the approval (a form step). */
const numberingStep = (path: Step[]) => path.findIndex((step) => step.status === 'investigation_approved');

/**
 * The demo's folios as the product gives them (issue 29): `{code}-{year}-{NNNNN}`, numbered per
 * branch and year in the order the policies were approved, after the numbers the branch already
 * used that year, without gaps. Keyed by the draft's index; `lastByYear` is what the branch's
 * counters must reach, so the portal goes on from there.
 */
async function demoFolios(db: Db, branch: { id: number; code: string }, drafts: Array<{ status: PolicyStatus; plan: TimelinePlan }>) {
  const approvals = drafts.flatMap((draft, index) => {
    const step = numberingStep(paths[draft.status]);
    const at = step > 0 ? draft.plan.times[step] : undefined;
    return at ? [{ index, at }] : [];
  });
  approvals.sort((a, b) => a.at.getTime() - b.at.getTime());
  const byDraft = new Map<number, string>();
  const lastByYear = new Map<number, number>();
  for (const { index, at } of approvals) {
    const year = Number(businessDate(at).slice(0, 4));
    const next = (lastByYear.get(year) ?? (await lastPolicyNumber(db, branch.id, year))) + 1;
    lastByYear.set(year, next);
    byDraft.set(index, `${branch.code}-${year}-${String(next).padStart(5, '0')}`);
  }
  return { byDraft, lastByYear };
}

// --- the timeline --------------------------------------------------------------------------------

interface TimelinePlan {
  /** One instant per step of the path, increasing, all in the past. */
  times: Date[];
  /** The lease's start, `yyyy-MM-dd`: after the signature, or planned for one still in progress. */
  contractStart: string;
}

/**
 * A policy's dates: steps one to three days apart in office hours; a lease of twelve months that
 * starts a few days after the signature; 'expiring' thirty days before its end, 'expired' the day after.
 */
function planTimeline(random: () => number, path: Step[], now: Date): TimelinePlan {
  const final = path.at(-1)!.status;
  const activeIndex = path.findIndex((step) => step.status === 'active');
  const gap = () => between(random, 18, 70) * HOUR;
  let times: Date[];
  let contractStart: string;

  if (final === 'expiring' || final === 'expired') {
    // Anchored on the lease's end: in the next four weeks (expiring) or some weeks ago (expired).
    const end = final === 'expiring' ? addDays(businessDate(now), Math.round(between(random, 3, 28))) : addDays(businessDate(now), -Math.round(between(random, 5, 80)));
    contractStart = addDays(end, -365);
    const signed = officeHours(addDays(contractStart, -Math.round(between(random, 1, 5))), random);
    times = [signed];
    for (let index = activeIndex - 1; index >= 0; index--) times.unshift(new Date(times[0]!.getTime() - gap()));
    times.push(officeHours(addDays(end, -30), random));
    if (final === 'expired') times.push(officeHours(addDays(end, 1), random));
  } else {
    const [min, max] = ageDays[final];
    times = [officeHours(addDays(businessDate(now), -Math.round(between(random, min, max))), random)];
    for (let index = 1; index < path.length; index++) times.push(new Date(times[index - 1]!.getTime() + gap()));
    contractStart =
      activeIndex >= 0
        ? addDays(businessDate(times[activeIndex]!), Math.round(between(random, 1, 5)))
        : addDays(businessDate(times[0]!), Math.round(between(random, 15, 40)));
  }

  // Nothing in the future: the whole timeline slides back if its last step would be.
  const latest = now.getTime() - between(random, 10, 180) * 60 * 1000;
  const overflow = times.at(-1)!.getTime() - latest;
  if (overflow > 0) times = times.map((time) => new Date(time.getTime() - overflow));
  return { times: times.map((time) => new Date(Math.floor(time.getTime()))), contractStart };
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T12:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

/** An instant between 9:00 and 19:00 in Mexico City (UTC−6 all year since 2022) on that day. */
function officeHours(day: string, random: () => number): Date {
  return new Date(Date.parse(`${day}T09:00:00-06:00`) + Math.floor(random() * 10 * HOUR));
}
