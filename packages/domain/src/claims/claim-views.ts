import { z } from 'zod';
import { moneySchema } from '../rents/money';
import { recordablePaymentMethods } from '../rents/rent-values';
import { linkParties } from '../public-links/links';
import {
  agreementStates,
  claimChecklistItems,
  claimDocumentKinds,
  claimMovementKinds,
  claimResults,
  claimSources,
  claimStages,
  claimStatuses,
  claimTypes,
  contactChannels,
  contactParties,
  instalmentStates,
} from './claim-values';

/* What the API answers about cases (issue 33). Money: strings with two decimals; days: 'YYYY-MM-DD'. */

const person = z.object({ id: z.number().int(), name: z.string() });

export const claimDeadlineSchema = z.object({
  id: z.number().int(),
  claimId: z.number().int(),
  dueOn: z.string(),
  description: z.string(),
  doneAt: z.string().nullable(),
  /** Pending and its day has passed (Mexico City): red everywhere it shows. */
  missed: z.boolean(),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type ClaimDeadline = z.infer<typeof claimDeadlineSchema>;

/** One row of the list, the board and the exports. */
export const claimSummarySchema = z.object({
  id: z.number().int(),
  number: z.string(),
  policyId: z.number().int(),
  policyFolio: z.string(),
  branchId: z.number().int().nullable(),
  branchName: z.string(),
  type: z.enum(claimTypes),
  status: z.enum(claimStatuses),
  stage: z.enum(claimStages),
  stageLabel: z.string(),
  result: z.enum(claimResults).nullable(),
  source: z.enum(claimSources),
  tenantNames: z.string(),
  ownerName: z.string(),
  propertyAddress: z.string(),
  /** Rent + services + damages claimed. */
  amountClaimed: moneySchema,
  assignee: person.nullable(),
  openedAt: z.string(),
  closedAt: z.string().nullable(),
  daysOpen: z.number().int(),
  nextDeadline: claimDeadlineSchema.pick({ id: true, dueOn: true, description: true, missed: true }).nullable(),
});
export type ClaimSummary = z.infer<typeof claimSummarySchema>;

export const claimListSchema = z.object({
  items: z.array(claimSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ClaimList = z.infer<typeof claimListSchema>;

export const claimEventSchema = z.object({
  id: z.number().int(),
  fromStage: z.enum(claimStages).nullable(),
  toStage: z.enum(claimStages).nullable(),
  result: z.enum(claimResults).nullable(),
  note: z.string(),
  /** Who: a user's name, or 'Propietario (por enlace)', 'Sistema'. */
  actor: z.string(),
  ownerNotified: z.boolean(),
  at: z.string(),
});
export type ClaimEvent = z.infer<typeof claimEventSchema>;

export const claimContactSchema = z.object({
  id: z.number().int(),
  channel: z.enum(contactChannels),
  party: z.enum(contactParties),
  personName: z.string(),
  at: z.string(),
  result: z.string(),
  promisedAt: z.string().nullable(),
  promisedAmount: moneySchema.nullable(),
  recordedBy: z.string(),
});
export type ClaimContact = z.infer<typeof claimContactSchema>;

export const claimDocumentSchema = z.object({
  id: z.number().int(),
  kind: z.enum(claimDocumentKinds),
  fileName: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type ClaimDocument = z.infer<typeof claimDocumentSchema>;

/** Evidence: photos and files the owner's report or staff attached. */
export const claimFileSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  uploadedBy: z.string(),
  createdAt: z.string(),
});
export type ClaimFile = z.infer<typeof claimFileSchema>;

export const claimMovementSchema = z.object({
  id: z.number().int(),
  kind: z.enum(claimMovementKinds),
  amount: moneySchema,
  on: z.string(),
  description: z.string(),
  recordedBy: z.string(),
  reversedAt: z.string().nullable(),
  reversalReason: z.string().nullable(),
});
export type ClaimMovement = z.infer<typeof claimMovementSchema>;

/** A payment of an instalment (as a rent payment); a reversed one stays with its reason. */
export const instalmentPaymentSchema = z.object({
  id: z.number().int(),
  amount: moneySchema,
  receivedOn: z.string(),
  method: z.enum(recordablePaymentMethods),
  reference: z.string(),
  recordedBy: z.string(),
  reversedAt: z.string().nullable(),
  reversalReason: z.string().nullable(),
});
export type InstalmentPayment = z.infer<typeof instalmentPaymentSchema>;

export const instalmentSchema = z.object({
  id: z.number().int(),
  seq: z.number().int(),
  dueOn: z.string(),
  amount: moneySchema,
  paid: moneySchema,
  paidOn: z.string().nullable(),
  state: z.enum(instalmentStates),
  /** Its payments, oldest first (the reversal endpoint takes their ids). */
  payments: z.array(instalmentPaymentSchema),
});
export type Instalment = z.infer<typeof instalmentSchema>;

export const agreementSchema = z.object({
  id: z.number().int(),
  state: z.enum(agreementStates),
  total: moneySchema,
  paid: moneySchema,
  notes: z.string(),
  createdAt: z.string(),
  instalments: z.array(instalmentSchema),
});
export type Agreement = z.infer<typeof agreementSchema>;

export const lawsuitSchema = z.object({
  court: z.string(),
  caseNumber: z.string(),
  filedOn: z.string(),
  admittedOn: z.string().nullable(),
  servedOn: z.string().nullable(),
  answeredOn: z.string().nullable(),
  hearingOn: z.string().nullable(),
  judgmentOn: z.string().nullable(),
  enforcementOn: z.string().nullable(),
  evictionOn: z.string().nullable(),
  notes: z.string(),
});
export type Lawsuit = z.infer<typeof lawsuitSchema>;

/** GET /api/claims/{id}: the case with its events, contacts, deadlines, documents, costs. */
export const claimDetailSchema = claimSummarySchema.extend({
  description: z.string(),
  rentClaimed: moneySchema,
  servicesClaimed: moneySchema,
  damagesClaimed: moneySchema,
  /** The months in arrears when the case was opened (or last refreshed). */
  arrearsMonths: z.array(z.object({ period: z.string(), amount: moneySchema })),
  people: z.array(z.object({ party: z.enum(linkParties), name: z.string(), email: z.string(), phone: z.string() })),
  checklist: z.array(z.object({ item: z.enum(claimChecklistItems), label: z.string(), ok: z.boolean() })),
  reportedBy: z.string(),
  events: z.array(claimEventSchema),
  contacts: z.array(claimContactSchema),
  deadlines: z.array(claimDeadlineSchema),
  documents: z.array(claimDocumentSchema),
  files: z.array(claimFileSchema),
  movements: z.array(claimMovementSchema),
  /** Costs, recovered, handed to the owner: the movements not reversed. */
  totals: z.object({ costs: moneySchema, recovered: moneySchema, paidToOwner: moneySchema }),
  agreement: agreementSchema.nullable(),
  lawsuit: lawsuitSchema.nullable(),
  ownerNextStep: z.string(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type ClaimDetail = z.infer<typeof claimDetailSchema>;

/** Dashboard cards (branch-scoped; admins all, or the branch chosen). */
export const claimStatsSchema = z.object({
  open: z.number().int(),
  drafts: z.number().int(),
  amountClaimed: moneySchema,
  deadlinesThisWeek: z.number().int(),
  missedDeadlines: z.number().int(),
});
export type ClaimStats = z.infer<typeof claimStatsSchema>;

/** The monthly summary per branch. */
export const claimMonthlySummarySchema = z.object({
  month: z.string(),
  rows: z.array(
    z.object({
      branchId: z.number().int().nullable(),
      branchName: z.string(),
      opened: z.number().int(),
      closed: z.number().int(),
      closedByResult: z.record(z.enum(claimResults), z.number().int()),
      amountRecovered: moneySchema,
      /** null when none closed that month. */
      averageDaysToClose: z.number().nullable(),
    }),
  ),
});
export type ClaimMonthlySummary = z.infer<typeof claimMonthlySummarySchema>;

/** A deadline in the calendar beside the appointments. */
export const claimCalendarEntrySchema = claimDeadlineSchema.extend({
  claimNumber: z.string(),
  policyId: z.number().int(),
  policyFolio: z.string(),
  assignee: person.nullable(),
});
export type ClaimCalendarEntry = z.infer<typeof claimCalendarEntrySchema>;

export const claimStageLabelsSchema = z.object({ labels: z.record(z.enum(claimStages), z.string()) });

/** The owner's link ('Reportar un problema' and the cases' stage), shown once. */
export const claimOwnerLinkSchema = z.object({ url: z.string(), expiresAt: z.string(), whatsappText: z.string() });
export type ClaimOwnerLink = z.infer<typeof claimOwnerLinkSchema>;

/** What the owner's page shows: the policy's cases in plain Spanish, never internal notes. */
export const claimOwnerViewSchema = z.object({
  policyFolio: z.string(),
  propertyAddress: z.string(),
  ownerName: z.string(),
  branchName: z.string(),
  expiresAt: z.string(),
  cases: z.array(
    z.object({
      number: z.string(),
      type: z.enum(claimTypes),
      typeLabel: z.string(),
      stageLabel: z.string(),
      nextStep: z.string(),
      openedOn: z.string(),
      lastChangeOn: z.string(),
      closed: z.boolean(),
    }),
  ),
});
export type ClaimOwnerView = z.infer<typeof claimOwnerViewSchema>;
export const claimOwnerReportedSchema = z.object({ number: z.string() });
