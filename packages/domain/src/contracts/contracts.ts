import { z } from 'zod';
import { claimDocumentKindLabels, claimDocumentKinds } from '../claims/claim-values';
import { idSchema } from '../common/fields';

/*
 * The contract pack (issue 16): what the server generates when a policy reaches 'contracts', the
 * templates the business owns, and the shapes the API answers with. Shared by API and web.
 */

/** The documents of a pack, in the order the pack (one PDF) puts them. */
export const contractDocumentKinds = ['lease', 'policy', 'promissory_notes'] as const;
export type ContractDocumentKind = (typeof contractDocumentKinds)[number];

export const contractDocumentLabels: Record<ContractDocumentKind, string> = {
  lease: 'Contrato de arrendamiento',
  policy: 'Póliza jurídica',
  promissory_notes: 'Pagarés',
};

/**
 * The kinds of text the templates admin edits: the pack's documents, the owner's rent statement
 * (issue 32: 'Estado de cuenta'), drawn on request from the ledger, never part of a pack, and the
 * documents of an incidencia (issue 33), drawn from a case and stored with it.
 */
export const templateKinds = [...contractDocumentKinds, 'rent_statement', ...claimDocumentKinds] as const;
export type TemplateKind = (typeof templateKinds)[number];

export const templateKindLabels: Record<TemplateKind, string> = { ...contractDocumentLabels, rent_statement: 'Estado de cuenta', ...claimDocumentKindLabels };

/** A branch's paper for its documents (editable by admins with the branch). */
export const paperSizes = ['letter', 'a4'] as const;
export type PaperSize = (typeof paperSizes)[number];
export const paperSizeLabels: Record<PaperSize, string> = { letter: 'Carta', a4: 'A4' };

/** One generated document of a policy: a stored PDF and where it came from. */
export const contractDocumentSchema = z.object({
  id: z.number().int(),
  policyId: z.number().int(),
  kind: z.enum(contractDocumentKinds),
  /** The pack's version: 1 for the first generation, +1 at each regeneration. */
  packVersion: z.number().int(),
  /** The version of the template the text came from (of the branch's override or the product's default). */
  templateId: z.number().int(),
  templateVersion: z.number().int(),
  /** Whether the template was the branch's own (else the product's default). */
  templateIsBranchOverride: z.boolean(),
  fileName: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  pageCount: z.number().int(),
  /** A newer pack replaced it; kept for the record. */
  superseded: z.boolean(),
  createdAt: z.string(),
  createdByName: z.string(),
});
export type ContractDocument = z.infer<typeof contractDocumentSchema>;

/** GET /api/policy/{id}/contracts: every pack of the policy, newest first, and whether it can be regenerated now. */
export const policyContractsSchema = z.object({
  policyId: z.number().int(),
  /** The current pack's version (0 when none was generated). */
  currentVersion: z.number().int(),
  /** Regeneration is allowed in 'contracts' only (after that the pack is frozen). */
  canRegenerate: z.boolean(),
  documents: z.array(contractDocumentSchema),
});
export type PolicyContracts = z.infer<typeof policyContractsSchema>;

/** A template's text, as stored: one version of one kind, for the product (branchId null) or one branch. */
export const contractTemplateSchema = z.object({
  id: z.number().int(),
  kind: z.enum(templateKinds),
  branchId: z.number().int().nullable(),
  version: z.number().int(),
  body: z.string(),
  createdAt: z.string(),
  createdByName: z.string(),
});
export type ContractTemplate = z.infer<typeof contractTemplateSchema>;

/** GET /api/admin/templates/{kind}: the text in force, whether the branch has its own, and the versions. */
export const contractTemplateStateSchema = z.object({
  current: contractTemplateSchema,
  /** Whether the branch has its own text (false: it uses the product's default). */
  isOverride: z.boolean(),
  versions: z.array(contractTemplateSchema),
});
export type ContractTemplateState = z.infer<typeof contractTemplateStateSchema>;
/** Its query: the branch's text, or the product's default without branchId. */
export const contractTemplateQuerySchema = z.object({ branchId: z.coerce.number('La sucursal debe ser un número').int().positive().optional() });

/**
 * A template's text may be this long (issue 28): the product's three defaults together are under
 * 7,000 characters and a long lease about 30,000, while 98.6 KB of text drew a 2,900-page preview.
 */
const templateBodyMax = 50_000;

/**
 * The pages one document of the pack may take (issue 28): a lease runs 5–15, so 50 is generous,
 * and drawing stops at page 51 instead of laying out thousands. The pagarés repeat their text once
 * per monthly note, one or two pages each: they may take two pages per note when that is more.
 */
export const maxContractPages = 50;
export const contractPageLimit = (copies: number) => Math.max(maxContractPages, 2 * copies);

/** PUT /api/admin/templates/{kind}: a new version of the branch's override (or of the default when branchId is null). */
export const saveContractTemplateSchema = z.object({
  branchId: z.number().int().positive().nullable(),
  body: z
    .string('El texto de la plantilla es obligatorio')
    .trim()
    .min(1, 'El texto de la plantilla es obligatorio')
    .max(templateBodyMax, `El texto de la plantilla admite hasta ${templateBodyMax.toLocaleString('es-MX')} caracteres`),
});
export type SaveContractTemplate = z.infer<typeof saveContractTemplateSchema>;

/** POST /api/admin/templates/{kind}/preview: the text (saved or not) applied to one policy, as a PDF. */
export const previewContractTemplateSchema = saveContractTemplateSchema.extend({
  policyId: z.number().int().positive('Elija una póliza para la vista previa'),
});
export type PreviewContractTemplate = z.infer<typeof previewContractTemplateSchema>;

export const contractKindParamsSchema = z.object({ kind: z.enum(templateKinds, 'Tipo de documento desconocido') });

/** GET /api/policy/{id}/contracts/{documentId}/file: inline, or `?download=1` to save it. */
export const contractDocumentParamsSchema = z.object({ id: idSchema, documentId: idSchema });
export const contractDocumentQuerySchema = z.object({ download: z.enum(['0', '1']).optional() });
/** GET /api/policy/{id}/contracts/pack: the current version without one. */
export const contractPackQuerySchema = z.object({ version: z.coerce.number('La versión debe ser un número').int().positive().optional() });

export const contractMessages = {
  regeneratedNote: (version: number) => `Contratos regenerados (versión ${version}); la versión anterior queda como reemplazada.`,
  frozen: 'Los contratos ya no se pueden regenerar: la póliza está en firma o después.',
  notInContracts: 'Los contratos se generan cuando la póliza está en «Contratos generados».',
  generationFailed: (reason: string) => `No se pudieron generar los contratos: ${reason}`,
  /** An unknown field, or a block tag without its pair ('#si campo', '/si'). */
  unknownPlaceholder: (name: string) =>
    /^[#/](si|no)\b/.test(name) ? `La plantilla tiene un bloque sin abrir o sin cerrar: {{${name}}}` : `La plantilla usa un campo desconocido: {{${name}}}`,
  missingData: (field: string) => `Falta un dato de la póliza para los contratos: ${field}`,
  concurrentSave: 'Otra persona guardó esta plantilla al mismo tiempo; recargue y vuelva a intentarlo.',
  documentNotFound: 'El documento no existe',
  noStatementPreview: 'La vista previa del estado de cuenta no está disponible.',
  noClaimPreview: 'La vista previa de los documentos de incidencias no está disponible.',
  packNotFound: 'La póliza no tiene contratos generados en esa versión',
  tooManyPages: (document: string, maxPages: number) =>
    `El texto de la plantilla (${document}) ocupa más de ${maxPages} páginas: acórtelo o quite saltos de página ([[salto]]).`,
} as const;
