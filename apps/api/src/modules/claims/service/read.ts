import {
  businessDate,
  centsToMoney,
  claimChecklistItems,
  claimChecklistLabels,
  claimMessages,
  claimNumber,
  claimOwnerNextSteps,
  isClaimCost,
  moneyToCents,
  policyDisplayFolio,
  type ClaimDetail,
  type ClaimSummary,
  type InstalmentPayment,
} from '@portal/domain';
import { readTogether, type Executor } from '../../../db/client';
import { ensure, notFound } from '../../../lib/app-error';
import type { AuthUser } from '../../../lib/auth-user';
import { actorScope } from '../../../lib/branch-scope';
import * as details from '../repository/details';
import { claimSummaryById, scopeSql, type ClaimSummaryRecord } from '../repository/summaries';

/*
 * A case as its page reads it (issue 33): the list row's fields, then its events, contacts,
 * deadlines, lawsuit, agreement, documents, evidence and money. Read within the actor's branch
 * (another branch's case is not found). Deadlines are missed when pending after their day in
 * Mexico City, unless the case is closed (it has no next step).
 */

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();
const cents = (money: string | null | undefined) => moneyToCents(money ?? '0') ?? 0;

export function summaryOf(row: ClaimSummaryRecord, today: string): ClaimSummary {
  return {
    id: row.id,
    number: claimNumber(row.id),
    policyId: row.policyId,
    policyFolio: policyDisplayFolio({ policyNumber: row.policyNumber, investigationId: row.investigationId }),
    branchId: row.branchId,
    branchName: row.branchName,
    type: row.type,
    status: row.status,
    stage: row.stage,
    stageLabel: row.stageLabel,
    result: row.result,
    source: row.source,
    tenantNames: row.tenantNames.join(', '),
    ownerName: row.ownerName,
    propertyAddress: row.propertyAddress,
    amountClaimed: centsToMoney(cents(row.amountClaimed)),
    assignee: row.assigneeId === null ? null : { id: row.assigneeId, name: row.assigneeName ?? '' },
    openedAt: iso(row.openedAt),
    closedAt: row.closedAt ? iso(row.closedAt) : null,
    daysOpen: row.daysOpen,
    nextDeadline:
      row.nextDeadlineId === null || row.nextDeadlineDueOn === null
        ? null
        : { id: row.nextDeadlineId, dueOn: row.nextDeadlineDueOn, description: row.nextDeadlineDescription ?? '', missed: row.nextDeadlineDueOn < today },
  };
}

function movementTotals(movements: Awaited<ReturnType<typeof details.listClaimMovements>>): ClaimDetail['totals'] {
  const standing = movements.filter((movement) => movement.reversedAt === null);
  const sum = (keep: (kind: string) => boolean) => centsToMoney(standing.filter((movement) => keep(movement.kind)).reduce((total, movement) => total + cents(movement.amount), 0));
  return { costs: sum(isClaimCost), recovered: sum((kind) => kind === 'recovery'), paidToOwner: sum((kind) => kind === 'owner_payout') };
}

function agreementOf(agreement: Awaited<ReturnType<typeof details.findClaimAgreement>>): ClaimDetail['agreement'] {
  if (!agreement) return null;
  const instalments = agreement.instalments.map((row) => ({
    id: row.id,
    seq: row.seq,
    dueOn: row.dueOn,
    amount: centsToMoney(cents(row.amount)),
    paid: centsToMoney(cents(row.paid)),
    paidOn: row.paidOn,
    state: row.state,
    payments: row.payments.map(({ instalmentId: _instalment, ...payment }) => ({
      ...payment,
      method: payment.method as InstalmentPayment['method'],
      amount: centsToMoney(cents(payment.amount)),
      reversedAt: payment.reversedAt ? iso(payment.reversedAt) : null,
    })),
  }));
  const total = instalments.reduce((sum, row) => sum + cents(row.amount), 0);
  const paid = instalments.reduce((sum, row) => sum + cents(row.paid), 0);
  return { id: agreement.id, state: agreement.state, total: centsToMoney(total), paid: centsToMoney(paid), notes: agreement.notes, createdAt: iso(agreement.createdAt), instalments };
}

/** GET /api/claims/{id}: the whole case, or 404 (unknown or another branch's). `now` is the controlled clock in tests. */
export async function readClaimDetail(db: Executor, actor: AuthUser, claimId: number, now: Date = new Date()): Promise<ClaimDetail> {
  const today = businessDate(now);
  const head = ensure(await claimSummaryById(db, claimId, scopeSql(actorScope(actor).branchId), today), notFound(claimMessages.notFound));
  return composeDetail(db, head, today);
}

/** The detail of a case already found in scope (a write's answer, inside its transaction). */
export async function composeDetail(db: Executor, head: ClaimSummaryRecord, today: string): Promise<ClaimDetail> {
  const [claim, people, events, contacts, deadlines, lawsuit, movements, documents, files, agreement, checklist] = await readTogether(db, [
    () => details.findClaimRow(db, head.id),
    () => details.claimPeople(db, head.policyId),
    () => details.listClaimEvents(db, head.id),
    () => details.listClaimContacts(db, head.id),
    () => details.listClaimDeadlines(db, head.id),
    () => details.findClaimLawsuit(db, head.id),
    () => details.listClaimMovements(db, head.id),
    () => details.listClaimDocuments(db, head.id),
    () => details.listClaimFiles(db, head.id),
    () => details.findClaimAgreement(db, head.id),
    () => details.claimChecklist(db, head.id, head.policyId),
  ]);
  const row = ensure(claim, notFound(claimMessages.notFound));
  return {
    ...summaryOf(head, today),
    description: row.description,
    rentClaimed: centsToMoney(cents(row.rentClaimed)),
    servicesClaimed: centsToMoney(cents(row.servicesClaimed)),
    damagesClaimed: centsToMoney(cents(row.damagesClaimed)),
    arrearsMonths: row.arrearsMonths.map((month) => ({ period: month.period, amount: centsToMoney(month.amountCents) })),
    people,
    checklist: claimChecklistItems.map((item) => ({ item, label: claimChecklistLabels[item], ok: checklist[item] })),
    reportedBy: row.reportedBy,
    events: events.map((event) => ({ id: event.id, fromStage: event.fromStage, toStage: event.toStage, result: event.result, note: event.note, actor: event.actorLabel || event.userName || 'Sistema', ownerNotified: event.ownerNotified, at: iso(event.createdAt) })),
    contacts: contacts.map((contact) => ({ ...contact, at: iso(contact.at), promisedAt: contact.promisedOn, promisedAmount: contact.promisedAmount === null ? null : centsToMoney(cents(contact.promisedAmount)) })),
    deadlines: deadlines.map((deadline) => ({ ...deadline, doneAt: deadline.doneAt ? iso(deadline.doneAt) : null, missed: head.status !== 'closed' && deadline.doneAt === null && deadline.dueOn < today, createdAt: iso(deadline.createdAt) })),
    documents: documents.map((document) => ({ ...document, createdAt: iso(document.createdAt) })),
    files: files.map((file) => ({ ...file, createdAt: iso(file.createdAt) })),
    movements: movements.map((movement) => ({ ...movement, amount: centsToMoney(cents(movement.amount)), reversedAt: movement.reversedAt ? iso(movement.reversedAt) : null })),
    totals: movementTotals(movements),
    agreement: agreementOf(agreement),
    lawsuit: lawsuit ? { court: lawsuit.court, caseNumber: lawsuit.caseNumber, filedOn: lawsuit.filedOn, admittedOn: lawsuit.admittedOn, servedOn: lawsuit.servedOn, answeredOn: lawsuit.answeredOn, hearingOn: lawsuit.hearingOn, judgmentOn: lawsuit.judgmentOn, enforcementOn: lawsuit.enforcementOn, evictionOn: lawsuit.evictionOn, notes: lawsuit.notes } : null,
    ownerNextStep: claimOwnerNextSteps[head.stage],
    updatedBy: await details.claimUpdatedByName(db, head.id),
    updatedAt: iso(row.updatedAt),
    version: row.version,
  };
}
