import { notificationMessages as messages, roundMessages, signingMessages } from '@portal/domain';
import type { Db, Executor } from '../../db/client';
import { deliverDueEmails as deliverOutbox, type DeliveryOptions, type DeliveryReport, type MailTransport, type UndeliveredEmail } from '../email/index';
import * as repo from './repository';
import { notify } from './service';

/*
 * The notices other modules and the job queue send: each says who is told and what, and calls
 * notify() with the caller's executor (a transaction when there is one).
 */

/** Investigation approved or rejected (investigations module): to the policy's agent. */
export async function notifyInvestigationDecided(tx: Executor, decided: { policyId: number; approved: boolean }): Promise<void> {
  const [policy] = await repo.findPolicyNotices(tx, [decided.policyId]);
  if (!policy?.agentId) return;
  const folio = policy.investigationId;
  await notify(tx, {
    recipients: [policy.agentId],
    kind: decided.approved ? 'investigation_approved' : 'investigation_rejected',
    title: decided.approved ? messages.investigationApprovedTitle(folio) : messages.investigationRejectedTitle(folio),
    body: decided.approved ? messages.investigationApprovedBody(folio, policy.clientName) : messages.investigationRejectedBody(folio, policy.clientName),
    policyId: policy.id,
  });
}

/** Link notices about one policy are grouped: a person sending five files makes one notice, not five. */
export const LINK_NOTICE_QUIET_MS = 10 * 60_000;

/**
 * Files arrived through a person's upload link (investigations module, inside the upload's
 * transaction, which holds the policy's row): the policy's agent and its branch's managers are
 * told, at most once per policy every ten minutes. `people` are all who sent files by link in
 * those minutes (LINK_NOTICE_QUIET_MS), in order: a notice already written in them is rewritten
 * to name them all (and shows unread again when someone new joined), rather than naming only the
 * first person to upload.
 */
export async function notifyLinkDocumentsReceived(tx: Executor, received: { policyId: number; people: string[]; now: Date }): Promise<void> {
  const since = new Date(received.now.getTime() - LINK_NOTICE_QUIET_MS);
  const [policy] = await repo.findPolicyNotices(tx, [received.policyId]);
  if (!policy || received.people.length === 0) return;
  const body = messages.linkDocumentsReceivedBody(received.people, policy.investigationId);
  if (await repo.rewriteNoticesSince(tx, received.policyId, 'link_documents_received', since, body)) return;
  const managers = await repo.findBranchManagerIds(tx, policy.id);
  const recipients = [policy.agentId, ...managers].filter((id): id is number => id !== null);
  await notify(tx, {
    recipients,
    kind: 'link_documents_received',
    title: messages.linkDocumentsReceivedTitle(policy.investigationId),
    body,
    policyId: policy.id,
  });
}

/**
 * A signer declined the electronic signature (e-signature module, in its transaction): the policy's
 * agent and the branch manager are told, with the reason.
 */
export async function notifySignatureDeclined(tx: Executor, declined: { policyId: number; roundId: number; signerName: string; reason: string }): Promise<void> {
  const [policy] = await repo.findPolicyNotices(tx, [declined.policyId]);
  if (!policy) return;
  await notify(tx, {
    recipients: [policy.agentId, policy.managerId].filter((id): id is number => id !== null),
    kind: 'signature_declined',
    title: signingMessages.declinedTitle(policy.label),
    body: signingMessages.declinedBody(policy.label, declined.signerName, declined.reason),
    policyId: policy.id,
    dedupeKey: `signature_declined:${declined.roundId}`,
  });
}

/**
 * A round's deadline passed before every signer signed (e-signature's daily job, in its
 * transaction): the policy's agent and the branch manager are told, once per round.
 */
export async function notifySignatureExpired(tx: Executor, expired: { policyId: number; roundId: number; signed: number; total: number }): Promise<void> {
  const [policy] = await repo.findPolicyNotices(tx, [expired.policyId]);
  if (!policy) return;
  await notify(tx, {
    recipients: [policy.agentId, policy.managerId].filter((id): id is number => id !== null),
    kind: 'signature_expired',
    title: roundMessages.expiredTitle(policy.label),
    body: roundMessages.expiredBody(policy.label, expired.signed, expired.total),
    policyId: policy.id,
    dedupeKey: `signature_expired:${expired.roundId}`,
  });
}

/** Every signer signed (e-signature module): the agent and the branch manager hear the policy is active. */
export async function notifySignatureCompleted(tx: Executor, completed: { policyId: number; roundId: number }): Promise<void> {
  const [policy] = await repo.findPolicyNotices(tx, [completed.policyId]);
  if (!policy) return;
  await notify(tx, {
    recipients: [policy.agentId, policy.managerId].filter((id): id is number => id !== null),
    kind: 'signature_completed',
    title: signingMessages.completedTitle(policy.label),
    body: signingMessages.completedBody(policy.label),
    policyId: policy.id,
    dedupeKey: `signature_completed:${completed.roundId}`,
  });
}

export interface ExpiringPolicy {
  policyId: number;
  daysLeft: number;
}

/**
 * 'Por vencer' reminders (daily job): each policy's agent and branch manager are told once per
 * policy and `daysLeft` (60, 30, 7…), however often the job runs. Answers how many notices were written.
 */
export async function notifyPolicyExpiring(db: Db, reminders: ExpiringPolicy[]): Promise<number> {
  if (reminders.length === 0) return 0;
  return db.transaction(async (tx) => {
    const notices = new Map((await repo.findPolicyNotices(tx, [...new Set(reminders.map((r) => r.policyId))])).map((p) => [p.id, p]));
    let written = 0;
    for (const { policyId, daysLeft } of reminders) {
      const policy = notices.get(policyId);
      if (!policy) continue;
      const recipients = [policy.agentId, policy.managerId].filter((id): id is number => id !== null);
      const notified = await notify(tx, {
        recipients,
        kind: 'policy_expiring',
        title: messages.policyExpiringTitle(policy.label, daysLeft),
        body: messages.policyExpiringBody(policy.label, policy.clientName, daysLeft),
        policyId,
        dedupeKey: `policy_expiring:${policyId}:${daysLeft}`,
      });
      written += notified.length;
    }
    return written;
  });
}

/**
 * A renewal was created (renewal service, inside its transaction): the new policy's agent and the
 * branch manager are told, except whoever created it. Linked to the new policy.
 */
export async function notifyRenewalCreated(tx: Executor, renewal: { oldPolicyId: number; newPolicyId: number; actorUserId: number }): Promise<void> {
  const notices = await repo.findPolicyNotices(tx, [renewal.oldPolicyId, renewal.newPolicyId]);
  const oldPolicy = notices.find((p) => p.id === renewal.oldPolicyId);
  const newPolicy = notices.find((p) => p.id === renewal.newPolicyId);
  if (!oldPolicy || !newPolicy) return;
  const actor = (await repo.findUserName(tx, renewal.actorUserId)) ?? 'Sistema';
  const recipients = [newPolicy.agentId, newPolicy.managerId].filter((id): id is number => id !== null && id !== renewal.actorUserId);
  await notify(tx, {
    recipients,
    kind: 'renewal_created',
    title: messages.renewalCreatedTitle(oldPolicy.label),
    body: messages.renewalCreatedBody(oldPolicy.label, actor),
    policyId: newPolicy.id,
    dedupeKey: `renewal_created:${newPolicy.id}`,
  });
}

/** A job failed for good (job queue): every active admin is told, by e-mail too if they chose it. */
export async function notifyJobFailed(db: Executor, failure: { jobName: string; error: string }): Promise<void> {
  await notify(db, {
    recipients: await repo.findActiveAdminIds(db),
    kind: 'job_failed',
    title: messages.jobFailedTitle(failure.jobName),
    body: messages.jobFailedBody(failure.error.slice(0, 1000)),
  });
}

/** An e-mail given up on: admins are told in the portal only (e-mail is what is failing). */
async function reportUndeliveredEmail(tx: Executor, email: UndeliveredEmail): Promise<void> {
  await notify(tx, {
    recipients: await repo.findActiveAdminIds(tx),
    kind: 'job_failed',
    title: messages.jobFailedTitle(messages.emailFailedJob),
    body: messages.emailFailedBody(email.recipient, email.subject, email.error),
    dedupeKey: `email_failed:${email.id}:${email.attempts}`,
    email: false,
  });
}

/**
 * The outbox's delivery run (job queue, every minute or so): the e-mail module's
 * deliverDueEmails, with admins told in the portal of each e-mail failed for good.
 */
export function deliverDueEmails(db: Db, transport: MailTransport | undefined, now: Date, options: DeliveryOptions = {}): Promise<DeliveryReport> {
  return deliverOutbox(db, transport, now, { onGaveUp: reportUndeliveredEmail, ...options });
}
