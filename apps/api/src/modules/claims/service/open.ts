import { centsToMoney, claimMessages, type ClaimSource, type ClaimStatus, type ClaimType } from '@portal/domain';
import type { Executor } from '../../../db/client';
import { invalidField } from '../../../lib/app-error';
import * as repo from '../repository/claims';
import type { ClaimActor } from './stage';

/*
 * Opening a case (issue 33), whoever opens it: staff from the expediente, the owner's 'No' on a
 * rent confirmation or the owner's 'Reportar un problema' (those two are drafts the agent
 * reviews). The rent claimed is the months En mora unless an amount is given.
 */

export interface OpenClaim {
  policyId: number;
  type: ClaimType;
  description: string;
  source: ClaimSource;
  status: Extract<ClaimStatus, 'draft' | 'open'>;
  /** Cents; without it, what the months in arrears owe. */
  amountClaimedCents?: number | undefined;
  servicesCents?: number | undefined;
  damagesCents?: number | undefined;
  assigneeId?: number | null | undefined;
  /** 'Propietario (por enlace)' when reported from outside. */
  reportedBy?: string;
}

/** Writes the case and its first event in the caller's transaction; returns its id. `now`: the opening's instant (a controlled clock in tests). */
export async function openClaim(tx: Executor, input: OpenClaim, actor: ClaimActor, now: Date = new Date()): Promise<number> {
  const arrears = await repo.arrearsMonthsOf(tx, input.policyId);
  const arrearsCents = arrears.reduce((sum, month) => sum + month.amountCents, 0);
  // Staff opening a case for missed rent with nothing En mora must say how much.
  if (input.amountClaimedCents === undefined && arrearsCents === 0 && input.type === 'non_payment' && input.source === 'staff') {
    throw invalidField('amountClaimed', claimMessages.noArrears);
  }
  const id = await repo.insertClaim(tx, {
    policyId: input.policyId,
    type: input.type,
    status: input.status,
    stage: 'report',
    source: input.source,
    description: input.description,
    rentClaimed: centsToMoney(input.amountClaimedCents ?? arrearsCents),
    servicesClaimed: centsToMoney(input.servicesCents ?? 0),
    damagesClaimed: centsToMoney(input.damagesCents ?? 0),
    arrearsMonths: arrears,
    assigneeId: input.assigneeId ?? null,
    reportedBy: input.reportedBy ?? '',
    openedAt: now,
    createdBy: actor.userId,
    updatedBy: actor.userId,
  });
  await repo.insertClaimEvent(tx, {
    claimId: id,
    fromStage: null,
    toStage: 'report',
    note: input.status === 'draft' ? 'Reportada desde fuera de la oficina: por revisar' : 'Incidencia abierta',
    userId: actor.userId,
    actorLabel: actor.userId === null ? actor.label : '',
  });
  return id;
}
