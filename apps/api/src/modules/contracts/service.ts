import { Readable } from 'node:stream';
import {
  businessDate,
  contractDocumentKinds,
  contractDocumentLabels,
  contractMessages,
  contractPageLimit,
  hasRole,
  policyEditorRoles,
  templateKindLabels,
  policyDisplayFolio,
  policyMessages,
  policyStatuses,
  unknownPlaceholders,
  type ClaimDocumentKind,
  type ContractDocumentKind,
  type TemplateKind,
  type IfMatch,
  type ContractTemplate,
  type PolicyContracts,
  type PolicyStatus,
  type PreviewContractTemplate,
  type SaveContractTemplate,
} from '@portal/domain';
import { ensureLatestVersion, staleVersion } from '../../lib/conditional-write';
import type { Db, Executor } from '../../db/client';
import { AppError, conflict, ensure, invalidField, isUniqueViolation, notFound } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-user';
import { actorScope } from '../../lib/branch-scope';
import type { FileStore } from '../../lib/file-store';
import { ensureFeeAllowsContracts } from '../fees/index';
import { insertEvent, loadPolicies } from '../policies/index';
import { isClaimKind, refuseCourtImitation, type ClaimPreview } from './claim-documents';
import { defaultTemplateBodies, isOutdatedDefault } from './default-templates';
import { packFacts, type PackFacts } from './facts';
import type { NamedBlocks, PlaceholderValues } from './markup';
import { PageLimitExceeded, pdfRenderingReady, renderDocument, type RenderedPdf } from './pdf';
import * as repo from './repository';

// --- templates -----------------------------------------------------------------------------------

interface ResolvedTemplate {
  template: ContractTemplate;
  isOverride: boolean;
}

/** The product's default of a kind, written from default-templates.ts the first time it is needed (and over an earlier product text). */
async function defaultTemplate(db: Executor, kind: TemplateKind): Promise<ContractTemplate> {
  let [current] = await repo.templateVersions(db, kind, null, 1);
  if (!current || isOutdatedDefault(kind, current.body)) {
    await repo.ensureDefaultTemplate(db, kind, defaultTemplateBodies[kind]);
    [current] = await repo.templateVersions(db, kind, null, 1);
  }
  return current!;
}

/** The text a branch's documents use: its newest override, else the product's newest default. */
async function resolveTemplate(db: Executor, kind: TemplateKind, branchId: number | null): Promise<ResolvedTemplate> {
  const [override] = branchId === null ? [] : await repo.templateVersions(db, kind, branchId, 1);
  if (override) return { template: override, isOverride: true };
  return { template: await defaultTemplate(db, kind), isOverride: false };
}

const branchNotFound = () => notFound(policyMessages.branchNotFound);

async function ensureBranch(db: Executor, branchId: number | null): Promise<void> {
  if (branchId !== null && !(await repo.branchLetterhead(db, branchId))) throw branchNotFound();
}

/** GET /api/admin/templates/{kind}: the scope's current text and its versions (the default's without a branch). */
export async function getTemplates(db: Db, kind: TemplateKind, branchId: number | null) {
  await ensureBranch(db, branchId);
  const { template, isOverride } = await resolveTemplate(db, kind, branchId);
  // A branch without an override has no versions of its own: the editor starts from the default's text.
  return { current: template, isOverride, versions: await repo.templateVersions(db, kind, branchId) };
}

/** What no saved or previewed text may say: an unknown field, or a court-like term in a collection letter (issue 33). */
function refuseInvalidText(kind: TemplateKind, body: string): void {
  const [unknown] = unknownPlaceholders(kind, body);
  if (unknown !== undefined) throw invalidField('body', contractMessages.unknownPlaceholder(unknown));
  refuseCourtImitation(kind, body, (message) => invalidField('body', message));
}

/**
 * PUT /api/admin/templates/{kind}: a new version of the branch's override (or of the default).
 * With `ifMatch` (the editor's If-Match: the scope's latest version when it was opened, "v0" for
 * a branch without an override) it is refused with a 412 when another version was saved since
 * (decision 023); two saves at the same instant meet at the unique index, the second a 412 too.
 */
export async function saveTemplate(db: Db, actor: AuthUser, kind: TemplateKind, input: SaveContractTemplate, ifMatch?: IfMatch): Promise<ContractTemplate> {
  refuseInvalidText(kind, input.body);
  await ensureBranch(db, input.branchId);
  try {
    const id = await db.transaction(async (tx) => {
      // The default's version 1 exists before an admin's first edit, so an edit is always version 2 or later.
      if (input.branchId === null) await defaultTemplate(tx, kind);
      ensureLatestVersion(ifMatch, (await repo.templateVersions(tx, kind, input.branchId, 1))[0]);
      return repo.insertTemplate(tx, { kind, branchId: input.branchId, body: input.body, createdBy: actor.id });
    });
    return (await repo.findTemplate(db, id))!;
  } catch (error) {
    if (!isUniqueViolation(error, 'contract_templates_scope_version_key')) throw error;
    if (!ifMatch) throw conflict(contractMessages.concurrentSave);
    const [latest] = await repo.templateVersions(db, kind, input.branchId, 1);
    throw staleVersion(latest?.createdByName || null, latest ? new Date(latest.createdAt) : new Date());
  }
}

/** The ETag of a scope's template: its own latest version, 0 for a branch without an override. */
export function templateScopeVersion(templates: { versions: ContractTemplate[] }): { version: number } {
  return { version: templates.versions[0]?.version ?? 0 };
}

/**
 * The rent statement's preview: its facts are the rents module's (a ledger), so app.ts hands the
 * drawing in (contractsModule's option) rather than this module importing that one.
 */
type StatementPreview = (db: Db, policyId: number, body: string) => Promise<Buffer>;

/** The drawings of the kinds whose facts are another module's, handed in by app.ts. */
export interface TemplatePreviews {
  statementPreview?: StatementPreview | undefined;
  claimPreview?: ClaimPreview | undefined;
}

/** POST /api/admin/templates/{kind}/preview: the text applied to a policy of any branch, not stored. */
export async function previewTemplate(db: Db, kind: TemplateKind, input: PreviewContractTemplate, previews: TemplatePreviews = {}): Promise<Buffer> {
  refuseInvalidText(kind, input.body);
  if (kind === 'rent_statement') {
    if (!previews.statementPreview) throw conflict(contractMessages.noStatementPreview);
    return previews.statementPreview(db, input.policyId, input.body);
  }
  if (isClaimKind(kind)) {
    if (!previews.claimPreview) throw conflict(contractMessages.noClaimPreview);
    return previews.claimPreview(db, kind, input.policyId, input.body);
  }
  const policy = ensure((await loadPolicies(db, { id: input.policyId }, 'none'))[0], invalidField('policyId', policyMessages.notFound));
  const setting = await packSetting(db, policy);
  const tooLong = (message: string) => invalidField('body', message);
  const rendered = await renderKind(kind, input.body, packFacts(policy, setting), setting.branch.paperSize, policyDisplayFolio(policy), tooLong);
  return rendered.bytes;
}

// --- the rent statement (drawn by the rents module) -------------------------------------------------

/** The statement's text for a branch: its own newest version, else the product's default. */
export async function statementTemplate(db: Executor, branchId: number): Promise<ContractTemplate> {
  return (await resolveTemplate(db, 'rent_statement', branchId)).template;
}

/** A case document's text for a branch (issue 33): its own newest version, else the product's default. */
export async function claimTemplate(db: Executor, kind: ClaimDocumentKind, branchId: number | null): Promise<ContractTemplate> {
  return (await resolveTemplate(db, kind, branchId)).template;
}

/** The branch's name, address and paper, as a pack's letterhead uses them. */
export async function branchSetting(db: Executor, branchId: number): Promise<repo.BranchLetterhead> {
  return ensure(await repo.branchLetterhead(db, branchId), branchNotFound());
}

export interface StatementDrawing {
  body: string;
  values: PlaceholderValues;
  blocks: NamedBlocks;
  paperSize: 'letter' | 'a4';
  title: string;
}

/**
 * Draws the statement from a text. A text too long to draw is `tooLong`'s error: a 400 on the
 * text for a preview, a 409 for a statement drawn from a saved template.
 */
export async function drawStatement(drawing: StatementDrawing, tooLong: (message: string) => AppError): Promise<Buffer> {
  await pdfRenderingReady();
  const { body, values, blocks, paperSize, title } = drawing;
  try {
    const rendered = await renderDocument({ kind: 'rent_statement', body, copies: [values], blocks, signatures: [], initials: 0, paperSize, title, maxPages: contractPageLimit(1) });
    return rendered.bytes;
  } catch (error) {
    if (error instanceof PageLimitExceeded) throw tooLong(contractMessages.tooManyPages(templateKindLabels.rent_statement, error.maxPages));
    throw error;
  }
}

// --- generation ---------------------------------------------------------------------------------------

async function packSetting(db: Executor, policy: { branchId: number; userId: number | null }) {
  const branch = ensure(await repo.branchLetterhead(db, policy.branchId), branchNotFound());
  return { branch, agentName: await repo.userFullName(db, policy.userId), today: businessDate() };
}


/**
 * One document of the pack drawn from a template's text. A text that would take more pages than
 * a document may (contractPageLimit) stops being drawn there and becomes `tooLong`'s error: a 400
 * on the text for a preview, a 409 for a pack drawn from a saved template.
 */
async function renderKind(
  kind: ContractDocumentKind,
  body: string,
  facts: PackFacts,
  paperSize: 'letter' | 'a4',
  folio: string,
  tooLong: (message: string) => AppError,
): Promise<RenderedPdf> {
  const title = `${contractDocumentLabels[kind]} ${folio}`;
  const copies = kind === 'promissory_notes' ? facts.notes : [facts.values];
  const signatures = kind === 'promissory_notes' ? facts.signatures.notes : kind === 'lease' ? facts.signatures.lease : facts.signatures.policy;
  const initials = kind === 'lease' ? signatures.length : 0;
  try {
    return await renderDocument({ kind, body, copies, signatures, initials, paperSize, title, maxPages: contractPageLimit(copies.length) });
  } catch (error) {
    if (error instanceof PageLimitExceeded) throw tooLong(contractMessages.tooManyPages(contractDocumentLabels[kind], error.maxPages));
    throw error;
  }
}

const fileSlug: Record<ContractDocumentKind, string> = { lease: 'contrato-arrendamiento', policy: 'poliza-juridica', promissory_notes: 'pagares' };

/** A saved template too long to draw: the pack is refused as for a missing fact, naming the document. */
const packTooLong = (message: string) => conflict(contractMessages.generationFailed(message), [{ field: 'template', message }]);

/**
 * Draws and stores a new version of the policy's pack, inside the caller's transaction: the files
 * are written first (each stored name pushed to `written`, so the caller removes them if the
 * transaction fails), then the older packs are marked superseded and the new rows inserted. A
 * missing fact is a 409 naming it; anything else that fails is a 500 saying the pack failed.
 */
async function generatePack(tx: Executor, files: FileStore, actor: AuthUser, policyId: number, written: string[]): Promise<void> {
  // Issue 34: a branch may ask for the fee paid before the contracts (409 'fee_unpaid').
  await ensureFeeAllowsContracts(tx, policyId);
  try {
    const [policy] = await loadPolicies(tx, { id: policyId }, 'none');
    if (!policy) throw notFound(policyMessages.notFound);
    const setting = await packSetting(tx, policy);
    const facts = packFacts(policy, setting);
    const packVersion = (await repo.latestPackVersion(tx, policyId)) + 1;
    const folio = policyDisplayFolio(policy);
    const rows: repo.DocumentValues[] = [];
    for (const kind of contractDocumentKinds) {
      const { template, isOverride } = await resolveTemplate(tx, kind, policy.branchId);
      const pdf = await renderKind(kind, template.body, facts, setting.branch.paperSize, folio, packTooLong);
      const stored = await files.save(Readable.from([pdf.bytes]), { accept: ['pdf'], wasTruncated: () => false });
      written.push(stored.storedName);
      rows.push({
        policyId,
        kind,
        packVersion,
        templateId: template.id,
        templateVersion: template.version,
        templateIsBranchOverride: isOverride,
        storedName: stored.storedName,
        fileName: `${fileSlug[kind]}-${folio}-v${packVersion}.pdf`,
        size: stored.size,
        sha256: stored.sha256,
        pageCount: pdf.pageCount,
        createdBy: actor.id,
      });
    }
    await repo.supersedePacks(tx, policyId);
    await repo.insertDocuments(tx, rows);
  } catch (error) {
    if (error instanceof AppError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new AppError(500, contractMessages.generationFailed('error al crear los documentos; intente de nuevo'), [{ field: 'contracts', message: reason }]);
  }
}

/**
 * Writes that may draw a pack run one at a time in this process. Drawing is CPU work on the one
 * JavaScript thread, so running several at once is no faster; but each holds a database
 * connection (and the policy's lock) for its whole transaction, and 50 at once held the pool's
 * connections long enough for other requests to time out waiting for one (PostgreSQL). Queued
 * here, they wait in memory and hold one connection at a time.
 *
 * The first one loads pdfmake and the fonts (pdfRenderingReady, about a second) before its
 * transaction opens: on PGlite, one session, every other query would wait for it otherwise. If
 * loading fails, the work runs anyway and its drawing reports the error.
 */
let packQueue: Promise<unknown> = Promise.resolve();

function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = () => pdfRenderingReady().then(work, work);
  const turn = packQueue.then(run, run);
  packQueue = turn.catch(() => undefined);
  return turn;
}

/** What the policies module calls when a policy enters 'contracts' (app.ts wires it, decision 016). */
export function contractPackHook(files: FileStore, onDiscardError: (error: unknown, storedName: string) => void) {
  return {
    serialize: oneAtATime,
    generate: (tx: Executor, actor: AuthUser, policyId: number, written: string[]) => generatePack(tx, files, actor, policyId, written),
    discard: async (written: string[]) => {
      for (const storedName of written) await files.remove(storedName).catch((error: unknown) => onDiscardError(error, storedName));
    },
  };
}

// --- the policy's pack -----------------------------------------------------------------------------------

const contractsIndex = policyStatuses.indexOf('contracts');
const isFrozen = (status: PolicyStatus) => policyStatuses.indexOf(status) > contractsIndex;

async function scopedPolicy(db: Executor, actor: AuthUser, policyId: number, lock = false) {
  return ensure(await repo.policyState(db, policyId, actorScope(actor), lock), notFound(policyMessages.notFound));
}

const publicDocument = ({ storedName: _storedName, ...document }: repo.StoredDocument) => document;

/** GET /api/policy/{id}/contracts */
export async function policyContracts(db: Executor, actor: AuthUser, policyId: number): Promise<PolicyContracts> {
  const state = await scopedPolicy(db, actor, policyId);
  const documents = await repo.policyDocuments(db, policyId);
  return {
    policyId,
    currentVersion: documents[0]?.packVersion ?? 0,
    // The lawyer reads the pack, never regenerates it (issue 33).
    canRegenerate: state.status === 'contracts' && hasRole(actor.role, policyEditorRoles),
    documents: documents.map(publicDocument),
  };
}

/** POST /api/policy/{id}/contracts: a new pack while in 'contracts'; frozen from 'signature' on. */
export async function regeneratePack(db: Db, files: FileStore, actor: AuthUser, policyId: number): Promise<PolicyContracts> {
  const hook = contractPackHook(files, () => undefined);
  const written: string[] = [];
  try {
    await oneAtATime(() => db.transaction(async (tx) => {
      const state = await scopedPolicy(tx, actor, policyId, true);
      if (isFrozen(state.status)) throw conflict(contractMessages.frozen);
      if (state.status !== 'contracts') throw conflict(contractMessages.notInContracts);
      await generatePack(tx, files, actor, policyId, written);
      // Entering 'contracts' is in the history already; a new pack of the same status must be too.
      const version = await repo.latestPackVersion(tx, policyId);
      await insertEvent(tx, { policyId, userId: actor.id, fromStatus: null, toStatus: null, changes: [], note: contractMessages.regeneratedNote(version) });
    }));
  } catch (error) {
    await hook.discard(written);
    throw error;
  }
  return policyContracts(db, actor, policyId);
}

/** One stored document of a policy the actor may see (404 otherwise, another branch's included). */
export async function contractDocument(db: Db, actor: AuthUser, policyId: number, documentId: number): Promise<repo.StoredDocument> {
  await scopedPolicy(db, actor, policyId);
  return ensure(await repo.findDocument(db, policyId, documentId), notFound(contractMessages.documentNotFound));
}

async function readStored(files: FileStore, storedName: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of files.open(storedName)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** GET /api/policy/{id}/contracts/pack: one pack's documents as one PDF (the current pack by default). */
export async function packPdf(db: Db, files: FileStore, actor: AuthUser, policyId: number, version?: number): Promise<{ bytes: Uint8Array; fileName: string }> {
  await scopedPolicy(db, actor, policyId);
  const packVersion = version ?? (await repo.latestPackVersion(db, policyId));
  const documents = await repo.policyDocuments(db, policyId, packVersion);
  if (documents.length === 0) throw notFound(contractMessages.packNotFound);
  // pdf-lib (0.8 MB of JavaScript) is read when the first pack is merged, not at every start (issue 30).
  const { PDFDocument } = await import('pdf-lib');
  const merged = await PDFDocument.create();
  for (const document of documents) {
    const source = await PDFDocument.load(await readStored(files, document.storedName));
    const pages = await merged.copyPages(source, source.getPageIndices());
    for (const page of pages) merged.addPage(page);
  }
  merged.setTitle(`Contratos v${packVersion}`);
  // The folio its documents were drawn with (policyDisplayFolio at the time), so the pack and its parts agree.
  const folio = documents[0]!.fileName.replace(/^contrato-arrendamiento-/, '').replace(/-v\d+\.pdf$/, '');
  return { bytes: await merged.save(), fileName: `contratos-${folio}-v${packVersion}.pdf` };
}
