import { z } from 'zod';

/*
 * Document retention (issue 19, LFPDPPP): a branch's periods say how long the files of a rejected
 * investigation and of an ended policy are kept; the daily 'retention' job deletes them once the
 * period is over. Only files go: the policy, its history and the people's data stay.
 */

/**
 * How long the portal keeps its own messages (issue 29), the same for every branch: the daily
 * retention run deletes e-mails delivered or given up and notifications after these days. A
 * queued e-mail is never deleted. Read notifications go sooner: they have done their work.
 */
export const messageRetentionDays = { sentEmails: 180, failedEmails: 365, readNotifications: 90, anyNotification: 365 } as const;

/** The retention page's sentence for them. */
export const messageRetentionText =
  `Correos enviados: ${messageRetentionDays.sentEmails} días; correos fallidos: ${messageRetentionDays.failedEmails} días; ` +
  `notificaciones leídas: ${messageRetentionDays.readNotifications} días, y cualquier notificación: ${messageRetentionDays.anyNotification} días. ` +
  'Los correos en cola no se eliminan.';

/** Why a policy's files are due: its investigation was rejected, or the policy ended (expired or cancelled). */
export const retentionReasons = ['rejected', 'ended'] as const;
export type RetentionReason = (typeof retentionReasons)[number];

export const retentionReasonLabels: Record<RetentionReason, string> = {
  rejected: 'Investigación rechazada',
  ended: 'Póliza terminada',
};

/**
 * Where a file's row is: what is deleted (a document row) or emptied (an addendum's file columns,
 * a signing round's pack, whose hash stays as the signers' evidence).
 */
export const retentionFileKinds = ['investigation_document', 'contract_document', 'addendum_file', 'signing_pack'] as const;
export type RetentionFileKind = (typeof retentionFileKinds)[number];

export const retentionFileSchema = z.object({
  kind: z.enum(retentionFileKinds),
  /** The row's id in its table (investigation_documents, contract_documents, addendums, signing_rounds). */
  id: z.number(),
  storedName: z.string(),
  originalFilename: z.string(),
  size: z.number(),
});
export type RetentionFile = z.infer<typeof retentionFileSchema>;

export const retentionPolicySchema = z.object({
  policyId: z.number(),
  investigationId: z.string(),
  /** '' before the policy has a number. */
  policyNumber: z.string(),
  branchId: z.number(),
  branchName: z.string(),
  reason: z.enum(retentionReasons),
  /** The day (Mexico City, yyyy-MM-dd) the period counts from: the rejection, the end date or the cancellation. */
  since: z.string(),
  /** The first day the files may be deleted (since + the branch's period). */
  deleteAfter: z.string(),
  files: z.array(retentionFileSchema),
});
export type RetentionPolicy = z.infer<typeof retentionPolicySchema>;

export const retentionBranchSchema = z.object({
  id: z.number(),
  name: z.string(),
  retainRejectedDocumentsMonths: z.number().nullable(),
  retainEndedPolicyDocumentsYears: z.number().nullable(),
  /** Issue 33: years a closed case keeps its personal data before the daily run anonymises it (null: never). */
  retainClosedClaimsYears: z.number().nullable(),
});
export type RetentionBranch = z.infer<typeof retentionBranchSchema>;

/** GET /api/admin/retention/preview: the dry run, what the next run would delete. */
export const retentionPreviewSchema = z.object({
  /** The Mexico City day the dry run was made for, yyyy-MM-dd. */
  today: z.string(),
  branches: z.array(retentionBranchSchema),
  /** The first due policies (at most 200), the longest due first. */
  policies: z.array(retentionPolicySchema),
  /** Everything due, listed or not. */
  totals: z.object({ policies: z.number(), files: z.number(), bytes: z.number() }),
});
export type RetentionPreview = z.infer<typeof retentionPreviewSchema>;
