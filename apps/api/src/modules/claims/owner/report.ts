import {
  businessDate,
  claimMessages,
  claimNumber,
  claimOwnerNextSteps,
  claimOwnerReporter,
  claimTypeLabels,
  type ClaimOwnerView,
} from '@portal/domain';
import type { z } from 'zod';
import type { claimOwnerReportInputSchema } from '@portal/domain';
import type { Db, Executor } from '../../../db/client';
import { conflict, ensure } from '../../../lib/app-error';
import type { ReceivedUpload } from '../../../plugins/files';
import { notifyClaimReported } from '../../notifications/index';
import { invalidLink, relockLink, requirePrivacyAccepted, resolveLink, type ActiveLink } from '../../public-links/index';
import { evidenceRow } from '../files/evidence-files';
import { insertClaimFiles } from '../repository/files';
import { findOwnerPolicyHeader, listOwnerCases } from '../repository/owner';
import { openClaim } from '../service/open';

/*
 * The owner's page (issue 33), behind a 'claim_owner' link: the policy's cases in plain Spanish
 * (type, stage, next step, dates — never a note, a contact, a cost or a staff member's name),
 * and 'Reportar un problema', which opens a draft case the agent reviews.
 */

/** The link's policy as the page names it; a policy gone is answered like a dead link. */
async function linkedPolicy(db: Executor, link: ActiveLink) {
  return ensure(await findOwnerPolicyHeader(db, link.policyId), invalidLink());
}

async function ownerView(db: Executor, link: ActiveLink): Promise<ClaimOwnerView> {
  const policy = await linkedPolicy(db, link);
  const cases = await listOwnerCases(db, link.policyId);
  return {
    policyFolio: link.folio,
    propertyAddress: policy.propertyAddress,
    ownerName: link.partyName,
    branchName: link.branchName,
    expiresAt: link.expiresAt.toISOString(),
    cases: cases.map((row) => ({
      number: claimNumber(row.id),
      type: row.type,
      typeLabel: claimTypeLabels[row.type],
      stageLabel: row.stageLabel,
      nextStep: claimOwnerNextSteps[row.stage],
      openedOn: businessDate(row.openedAt),
      lastChangeOn: businessDate(row.lastChangeAt),
      closed: row.status === 'closed',
    })),
  };
}

/** GET /api/public/claims/{token}: a wrong, expired or revoked token (or another purpose's) is the links' one 404. */
export async function publicOwnerView(db: Db, token: string): Promise<ClaimOwnerView> {
  return ownerView(db, await resolveLink(db, token, 'claim_owner'));
}

/** Before a byte of a file is read: the link alive and for this, the aviso accepted, the policy not cancelled. */
export async function checkOwnerReport(db: Db, token: string): Promise<ActiveLink> {
  const link = await resolveLink(db, token, 'claim_owner');
  await requirePrivacyAccepted(db, link);
  const policy = await linkedPolicy(db, link);
  if (policy.status === 'cancelled') throw conflict(claimMessages.policyCancelled);
  return link;
}

export type OwnerReport = z.output<typeof claimOwnerReportInputSchema>;

/**
 * POST /api/public/claims/{token}: a draft case with the files (already stored: the route removes
 * them unless this commits), the agent and the branch's managers told, in one transaction.
 */
export async function recordOwnerReport(db: Db, link: ActiveLink, input: OwnerReport, uploads: readonly ReceivedUpload[], now = new Date()): Promise<{ number: string }> {
  return db.transaction(async (tx) => {
    const current = await relockLink(tx, link, now);
    const actor = { userId: null, label: claimOwnerReporter };
    const report = { policyId: current.policyId, type: input.type, description: input.description, reportedBy: claimOwnerReporter };
    const claimId = await openClaim(tx, { ...report, source: 'owner_link', status: 'draft' }, actor);
    await insertClaimFiles(tx, uploads.map((upload) => evidenceRow(claimId, upload, { linkId: current.id })));
    const number = claimNumber(claimId);
    await notifyClaimReported(tx, { claimId, number, policyId: current.policyId, type: input.type, ownerName: current.partyName });
    return { number };
  });
}
