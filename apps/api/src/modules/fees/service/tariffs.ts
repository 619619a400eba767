import {
  defaultFeeTariff,
  feeExtraKey,
  feeMessages,
  policyTypes,
  quoteFee,
  type FeeQuotePreview,
  type FeeTariff,
  type FeeTariffList,
  type IfMatch,
  type PolicyType,
} from '@portal/domain';
import type { Db, Executor } from '../../../db/client';
import { invalidField, isUniqueViolation, notFound } from '../../../lib/app-error';
import type { AuthUser } from '../../../lib/auth-user';
import { listBranch } from '../../../lib/branch-scope';
import { ensureLatestVersion, staleVersion } from '../../../lib/conditional-write';
import { branchExists } from '../../branches/index';
import * as repo from '../repository/tariffs';

/*
 * Tariffs per branch and policy type (issue 34), versioned like the contract templates: saving
 * writes the next version, the highest is current, and a policy keeps the figures it was quoted
 * with (policy_fees copies them). No version written: the portal's defaults, version 0.
 */

function tariffView(row: repo.TariffRow): FeeTariff {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

function defaultTariff(branch: { id: number; name: string }, policyType: PolicyType): FeeTariff {
  return { branchId: branch.id, branchName: branch.name, policyType, version: 0, ...defaultFeeTariff[policyType], extras: [], createdBy: null, createdAt: null };
}

/** The tariff a branch quotes a policy type with now. */
async function tariffNow(db: Executor, branch: { id: number; name: string }, policyType: PolicyType): Promise<FeeTariff> {
  const row = await repo.currentTariff(db, branch.id, policyType);
  return row ? tariffView(row) : defaultTariff(branch, policyType);
}

async function existingBranch(db: Executor, branchId: number): Promise<{ id: number; name: string }> {
  const [branch] = await repo.listBranches(db, branchId);
  if (!branch) throw notFound(feeMessages.branchNotFound);
  return branch;
}

/** GET /api/admin/tariffs: every branch's (or one's) current tariff per policy type. */
export async function listTariffs(db: Executor, branchId: number | undefined): Promise<FeeTariffList> {
  if (branchId !== undefined) await existingBranch(db, branchId);
  const [branchList, written] = await Promise.all([repo.listBranches(db, branchId), repo.currentTariffs(db, branchId)]);
  const byKey = new Map(written.map((row) => [`${row.branchId}:${row.policyType}`, row]));
  const tariffs = branchList.flatMap((branch) =>
    policyTypes.map((policyType) => {
      const row = byKey.get(`${branch.id}:${policyType}`);
      return row ? tariffView(row) : defaultTariff(branch, policyType);
    }),
  );
  return { tariffs };
}

/** GET /api/admin/tariffs/history: the versions written, newest first, and the defaults they started from. */
export async function tariffHistory(db: Executor, branchId: number, policyType: PolicyType): Promise<FeeTariffList> {
  const branch = await existingBranch(db, branchId);
  const versions = (await repo.tariffVersions(db, branchId, policyType)).map(tariffView);
  return { tariffs: [...versions, defaultTariff(branch, policyType)] };
}

export interface TariffInput {
  branchId: number;
  policyType: PolicyType;
  ratePercent: string;
  minimum: string;
  ivaPercent: string;
  extras: Array<{ label: string; amount: string }>;
}

/** PUT /api/admin/tariffs: the next version (412 when the form saw an older one). Quoted fees keep theirs. */
export async function saveTariff(db: Db, actor: AuthUser, input: TariffInput, ifMatch: IfMatch | undefined): Promise<FeeTariff> {
  const extras = input.extras.map((extra) => ({ key: feeExtraKey(extra.label), label: extra.label, amount: extra.amount }));
  if (new Set(extras.map((extra) => extra.key)).size !== extras.length) throw invalidField('extras', feeMessages.extraDuplicated);
  return db.transaction(async (tx) => {
    if (!(await branchExists(tx, input.branchId))) throw invalidField('branchId', feeMessages.branchNotFound);
    const latest = await repo.currentTariff(tx, input.branchId, input.policyType);
    ensureLatestVersion(ifMatch, latest ? { version: latest.version, createdByName: latest.createdBy ?? '', createdAt: latest.createdAt.toISOString() } : undefined);
    const version = (latest?.version ?? 0) + 1;
    try {
      await repo.insertTariff(tx, { ...input, extras, version, createdBy: actor.id });
    } catch (error) {
      // Another admin wrote this version between our read and our insert.
      if (isUniqueViolation(error, 'fee_tariffs_branch_type_version_key')) throw staleVersion(null, new Date());
      throw error;
    }
    return tariffView((await repo.currentTariff(tx, input.branchId, input.policyType))!);
  });
}

/** GET /api/fees/quote: what the branch would quote now (a non-admin asks for their own branch). */
export async function quotePreview(db: Executor, actor: AuthUser, query: { policyType: PolicyType; rent: string; branchId?: number | undefined }): Promise<FeeQuotePreview> {
  const requested = query.branchId ?? (actor.role === 'admin' ? undefined : (actor.branchId ?? undefined));
  const branchId = await listBranch(actor, requested, { otherBranchList: feeMessages.otherBranch, branchNotFound: feeMessages.branchNotFound }, (id) => branchExists(db, id));
  if (branchId === undefined) throw invalidField('branchId', feeMessages.branchNotFound);
  const tariff = await tariffNow(db, await existingBranch(db, branchId), query.policyType);
  const quote = quoteFee({ rent: query.rent, ratePercent: tariff.ratePercent, minimum: tariff.minimum, ivaPercent: tariff.ivaPercent });
  return {
    branchId,
    policyType: query.policyType,
    tariffVersion: tariff.version,
    ratePercent: tariff.ratePercent,
    minimum: tariff.minimum,
    ivaPercent: tariff.ivaPercent,
    baseAmount: quote.baseAmount,
    subtotal: quote.subtotal,
    iva: quote.iva,
    total: quote.total,
  };
}
