import { policyMessages, statusJumpForbiddenMessage, type PolicyStatus } from '@portal/domain';
import type { Executor } from '../../../db/client';
import { forbidden, isUniqueViolation, type AppError } from '../../../lib/app-error';
import type { AuthUser } from '../../../lib/auth-user';
import { policyNumberIndex } from '../repository/numbering';
import { policyNumberConflict } from './policy-number';

// --- writes: the steps they share (contract pack, signing round, status jump, history note) ---

/**
 * Generates the contract pack inside the transaction of a write that moves a policy into
 * 'contracts' (issue 16). The contracts module provides it and app.ts hands it in, so this module
 * does not import that one (which reads policies). `generate` pushes each file it writes to
 * `written`; `discard` removes them when the transaction fails, so no file outlives its rows.
 */
export interface ContractPackHook {
  generate(tx: Executor, actor: AuthUser, policyId: number, written: string[]): Promise<void>;
  discard(written: string[]): Promise<void>;
  /** Runs a write that may draw a pack after the others of this process (the contracts module's queue). */
  serialize<T>(work: () => Promise<T>): Promise<T>;
}

/**
 * Starts or ends an electronic signing round inside the transaction of a write that moves a policy
 * into or out of 'signature' (issue 17). The e-signature module provides it and app.ts hands it in,
 * like the contract pack. `written` collects the files it stores, removed by `discard` when the
 * transaction fails.
 */
export interface SigningHook {
  statusChanged(tx: Executor, actor: AuthUser, change: { policyId: number; from: PolicyStatus | null; to: PolicyStatus; baseUrl: string }, written: string[]): Promise<void>;
  discard(written: string[]): Promise<void>;
}

/** The signing hook and the portal's public address its links are made with (PUBLIC_URL or the request's origin). */
export interface SigningStep {
  hook: SigningHook;
  baseUrl: string;
}

/**
 * Runs a write whose transaction may generate the pack (`to` is the status it writes): queued
 * behind other pack-drawing writes when it goes to 'contracts', and removing the files written
 * in it (the pack's, the signing round's) if it fails.
 */
export async function withPackFiles<T>(hook: ContractPackHook | undefined, to: PolicyStatus, work: (written: string[]) => Promise<T>, signing?: SigningStep): Promise<T> {
  const written: string[] = [];
  try {
    return hook && to === 'contracts' ? await hook.serialize(() => work(written)) : await work(written);
  } catch (error) {
    if (written.length > 0) await (hook ?? signing?.hook)?.discard(written);
    // The check before writing saw the folio free; another transaction took it since.
    if (isUniqueViolation(error, policyNumberIndex)) throw policyNumberConflict(policyMessages.policyNumberRace);
    throw error;
  }
}

/** Tells the signing hook of a status written (it acts only on entering or leaving 'signature'). */
export async function signingStatusChanged(
  tx: Executor,
  signing: SigningStep | undefined,
  actor: AuthUser,
  change: { policyId: number; from: PolicyStatus | null; to: PolicyStatus; written: string[] },
): Promise<void> {
  if (!signing || change.from === change.to) return;
  if (change.to !== 'signature' && change.from !== 'signature') return;
  await signing.hook.statusChanged(tx, actor, { policyId: change.policyId, from: change.from, to: change.to, baseUrl: signing.baseUrl }, change.written);
}

/** Generates the pack when this write brings the policy into 'contracts' from another status. */
export async function generatePackIfEntering(
  tx: Executor,
  hook: ContractPackHook | undefined,
  actor: AuthUser,
  change: { policyId: number; from: PolicyStatus | null; to: PolicyStatus; written: string[] },
): Promise<void> {
  if (hook && change.to === 'contracts' && change.from !== 'contracts') await hook.generate(tx, actor, change.policyId, change.written);
}

/** The same 403 for a jump on create as on update, naming the field. */
export function statusJumpForbidden(from: PolicyStatus, to: PolicyStatus): AppError {
  const message = statusJumpForbiddenMessage(from, to);
  return forbidden(message, [{ field: 'status', message }]);
}

/** A history note of several lines, the empty ones left out. */
export function noteLines(...lines: Array<string | null | undefined>): string {
  return lines.filter(Boolean).join('\n');
}
