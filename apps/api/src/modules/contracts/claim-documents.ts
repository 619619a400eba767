import {
  claimDocumentKinds,
  claimMessages,
  contractMessages,
  contractPageLimit,
  courtImitationTerm,
  isCollectionLetter,
  policyMessages,
  templateKindLabels,
  type ClaimDocumentKind,
  type Policy,
  type TemplateKind,
} from '@portal/domain';
import type { Db, Executor } from '../../db/client';
import { ensure, notFound, type AppError } from '../../lib/app-error';
import { policyValues } from './facts';
import type { NamedBlocks, PlaceholderValues, Signature } from './markup';
import { PageLimitExceeded, pdfRenderingReady, renderDocument } from './pdf';
import * as repo from './repository';

/*
 * An incidencia's documents (issue 33) through the templates engine: the claims module gathers
 * the case's facts and asks for the text, the contract's values and the drawing here, as the
 * rents module does for the owner's statement. The collection letters may not imitate a court
 * paper, and each carries the extrajudicial notice on every page.
 */

export function isClaimKind(kind: TemplateKind): kind is ClaimDocumentKind {
  return (claimDocumentKinds as readonly string[]).includes(kind);
}

/**
 * Refuses a collection letter whose text names a court-like term (the demand summary may): a
 * 400 on the body when an admin saves or previews it; the drawing's own error for a stored text.
 */
export function refuseCourtImitation(kind: TemplateKind, text: string, refuse: (message: string) => AppError): void {
  if (!isCollectionLetter(kind)) return;
  const term = courtImitationTerm(text);
  if (term !== null) throw refuse(claimMessages.courtImitation(term));
}

/**
 * The templates admin's preview of a case document for a policy (admins only): the claims module
 * draws it from the policy's latest case, handed in by app.ts as the statement's preview is.
 */
export type ClaimPreview = (db: Db, kind: ClaimDocumentKind, policyId: number, body: string) => Promise<Buffer>;

export interface ClaimPolicyFacts {
  values: Record<string, string>;
  branchName: string;
  paperSize: 'letter' | 'a4';
}

/** The contract's placeholders' values for a case's policy (never refusing: a missing fact is ''), and the branch's paper. */
export async function claimPolicyFacts(db: Executor, policy: Policy, today: string): Promise<ClaimPolicyFacts> {
  const branch = ensure(await repo.branchLetterhead(db, policy.branchId), notFound(policyMessages.branchNotFound));
  const agentName = await repo.userFullName(db, policy.userId);
  return { values: policyValues(policy, { branch, agentName, today }), branchName: branch.name, paperSize: branch.paperSize };
}

export interface ClaimDrawing {
  kind: ClaimDocumentKind;
  body: string;
  values: PlaceholderValues;
  signatures: readonly Signature[];
  blocks?: NamedBlocks;
  paperSize: 'letter' | 'a4';
  title: string;
}

/** The text as it will read once filled (what the court-imitation rule checks on a drawing). */
export function filledText(body: string, values: PlaceholderValues): string {
  return body.replace(/\{\{\s*([^{}]*?)\s*\}\}/g, (_, key: string) => values[key] ?? '');
}

/**
 * Draws a case document. A collection letter gets the extrajudicial notice on every page; a text
 * too long to draw, or one imitating a court paper, is `refuse`'s error (a 400 on the text for a
 * preview, a 409 for a document drawn from a saved template).
 */
export async function drawClaimPdf(drawing: ClaimDrawing, refuse: (message: string) => AppError): Promise<Buffer> {
  const { kind, body, values, signatures, blocks, paperSize, title } = drawing;
  refuseCourtImitation(kind, filledText(body, values), refuse);
  await pdfRenderingReady();
  const notice = isCollectionLetter(kind) ? claimMessages.extrajudicialNotice : undefined;
  try {
    const rendered = await renderDocument({ kind, body, copies: [values], signatures, blocks, notice, initials: 0, paperSize, title, maxPages: contractPageLimit(1) });
    return rendered.bytes;
  } catch (error) {
    if (error instanceof PageLimitExceeded) throw refuse(contractMessages.tooManyPages(templateKindLabels[kind], error.maxPages));
    throw error;
  }
}
