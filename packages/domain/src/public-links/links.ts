import { z } from 'zod';
import { documentSlots, type DocumentSlot, requiredDocuments, type RequiredDocument } from '../investigations/document-slots';
import type { PolicyType } from '../policies/policy-type';

/*
 * Links for the people outside (issue 17): a tenant, a guarantor or the owner uploads their
 * documents or signs the contracts from a link, without an account. One machinery for both uses:
 * a random token (only its hash stored) bound to one policy, one party and one purpose, with an
 * expiry, revocable. Shared by API and web.
 */

/**
 * Who a link is for. A policy may have several tenants and guarantors: `partyIndex` says which.
 * 'office' is the office's legal representative signing the lease and the póliza (issue 35): only
 * signing rounds make their links; staff make links for the people of the policy (`personParties`).
 */
export const linkParties = ['tenant', 'guarantor', 'owner', 'office'] as const;
export type LinkParty = (typeof linkParties)[number];
export const personParties = ['tenant', 'guarantor', 'owner'] as const;
export type PersonParty = (typeof personParties)[number];
export const linkPartyLabels: Record<LinkParty, string> = {
  tenant: 'Inquilino',
  guarantor: 'Aval',
  owner: 'Propietario',
  office: 'Representante legal de la oficina',
};

/** 'rent_proof': the tenant sends proofs of rent payments (issue 32). */
/** 'claim_owner': the owner reports a problem and follows the policy's incidencias (issue 33). */
export const linkPurposes = ['upload', 'sign', 'rent_proof', 'claim_owner'] as const;
export type LinkPurpose = (typeof linkPurposes)[number];
export const linkPurposeLabels: Record<LinkPurpose, string> = {
  upload: 'Subir documentos',
  sign: 'Firmar contratos',
  rent_proof: 'Comprobantes de renta',
  claim_owner: 'Reportar un problema',
};

/** What staff see of a link, derived from its dates (revoked wins, then finished, then expired). */
export const linkStates = ['sent', 'opened', 'finished', 'expired', 'revoked'] as const;
export type LinkState = (typeof linkStates)[number];
export const linkStateLabels: Record<LinkState, string> = {
  sent: 'Enviado',
  opened: 'Abierto',
  finished: 'Terminado',
  expired: 'Vencido',
  revoked: 'Revocado',
};

export function linkState(link: { revokedAt: Date | string | null; finishedAt: Date | string | null; expiresAt: Date | string; firstOpenedAt: Date | string | null }, now = new Date()): LinkState {
  if (link.revokedAt) return 'revoked';
  if (link.finishedAt) return 'finished';
  if (new Date(link.expiresAt).getTime() <= now.getTime()) return 'expired';
  return link.firstOpenedAt ? 'opened' : 'sent';
}

/** Days a link lives: 7 unless staff choose, never more than 30. */
export const linkExpiryDays = { default: 7, min: 1, max: 30 } as const;

/**
 * The upload slots each party fills: their own papers and nothing of anyone else's. A tenant
 * brings the identification, income proofs, employment letter and proof of address; a guarantor
 * the identification and the deed of the property in guarantee; the owner the identification.
 */
export const partySlots: Record<LinkParty, readonly DocumentSlot[]> = {
  tenant: ['tenantId', 'tenantIdBack', 'incomeProof', 'employmentLetter', 'utilities'],
  guarantor: ['guarantorId', 'guarantorIdBack', 'guarantorDeed'],
  owner: ['ownerId', 'ownerIdBack'],
  office: [],
};

export function slotParty(slot: DocumentSlot): LinkParty {
  return linkParties.find((party) => partySlots[party].includes(slot))!;
}

/** The documents a policy asks of one party: the staff screen's rule, cut to the party's slots. */
export function partyRequiredDocuments(party: LinkParty, policyType: PolicyType, options: { hasGuarantor: boolean }): RequiredDocument[] {
  return requiredDocuments(policyType, options).filter((document) => partySlots[party].includes(document.slot));
}

// Every slot belongs to exactly one party (checked when this module loads, so a new slot cannot be forgotten).
for (const slot of documentSlots) {
  if (linkParties.filter((party) => partySlots[party].includes(slot)).length !== 1) throw new Error(`slot ${slot} must belong to one party`);
}

export const publicLinkMessages = {
  invalid: 'Este enlace ya no es válido',
  invalidHint: 'Pida a la oficina que le envíe uno nuevo.',
  tooManyRequests: 'Demasiadas solicitudes. Espere un minuto e intente de nuevo.',
  linkNotFound: 'Enlace no encontrado',
  partyNotFound: 'La persona elegida no está en la póliza',
  noEmail: (name: string) => `${name} no tiene correo electrónico registrado`,
  noPhone: (name: string) => `${name} no tiene un teléfono móvil válido registrado`,
  alreadyRevoked: 'El enlace ya estaba revocado',
  notActive: 'El enlace ya no está activo',
  uploadClosed: 'La investigación de esta póliza ya no recibe documentos',
  privacyRequired: 'Debe aceptar el aviso de privacidad antes de continuar',
  privacyOutdated: 'El aviso de privacidad cambió; léalo y acéptelo de nuevo',
  revokedNote: (party: string, purpose: string) => `Enlace revocado: ${purpose} (${party})`,
  createdNote: (party: string, purpose: string) => `Enlace creado: ${purpose} (${party})`,
  resentNote: (party: string, purpose: string) => `Enlace reenviado: ${purpose} (${party})`,
  // Issue 35: a signing link is the signer's own; staff send it again only to the signer's e-mail.
  signByEmailOnly: 'Un enlace de firma solo se envía por correo a quien firma: marque «Enviar por correo»',
  signNotYourTurn: 'Aún no es el turno de esta persona: su enlace se enviará cuando firmen quienes van antes',
} as const;

// --- staff API ---------------------------------------------------------------------------------

const expiryMessage = `La vigencia debe estar entre ${linkExpiryDays.min} y ${linkExpiryDays.max} días`;

/** POST /api/policy/{id}/links: a new upload link for one party (signing links come from 'Enviar Contratos'). */
export const createLinkInputSchema = z.object({
  party: z.enum(personParties, { error: 'La persona no es válida' }),
  /** Which tenant or guarantor (0 = the first); 0 for the owner. */
  partyIndex: z.coerce.number({ error: 'La persona no es válida' }).int('La persona no es válida').min(0, 'La persona no es válida').max(20, 'La persona no es válida').default(0),
  expiresInDays: z.coerce
    .number({ error: expiryMessage })
    .int(expiryMessage)
    .min(linkExpiryDays.min, expiryMessage)
    .max(linkExpiryDays.max, expiryMessage)
    .default(linkExpiryDays.default),
  /** Also e-mail it to the party (through the outbox). */
  sendEmail: z.boolean({ error: 'El envío por correo no es válido' }).default(false),
});
export type CreateLinkInput = z.input<typeof createLinkInputSchema>;

/** POST /api/policy/{id}/links/{linkId}/resend: a new token (the old one stops working), e-mailed when asked. */
export const resendLinkInputSchema = z.object({
  sendEmail: z.boolean({ error: 'El envío por correo no es válido' }).default(false),
  expiresInDays: createLinkInputSchema.shape.expiresInDays,
});
export type ResendLinkInput = z.input<typeof resendLinkInputSchema>;

export const linkIdParamsSchema = z.object({
  id: z.coerce.number({ error: 'El identificador no es válido' }).int().positive().max(2_147_483_647),
  linkId: z.coerce.number({ error: 'El identificador no es válido' }).int().positive().max(2_147_483_647),
});

/** One link as staff see it (never its token, which exists only in the answer that created it). */
export const publicLinkSchema = z.object({
  id: z.number().int(),
  policyId: z.number().int(),
  purpose: z.enum(linkPurposes),
  party: z.enum(linkParties),
  partyIndex: z.number().int(),
  partyName: z.string(),
  email: z.string(),
  /** E.164 ('+525512345678') or '' when the party has no usable mobile number. */
  phone: z.string(),
  state: z.enum(linkStates),
  expiresAt: z.string(),
  firstOpenedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  lastSentAt: z.string().nullable(),
  createdAt: z.string(),
  createdByName: z.string(),
  signingRoundId: z.number().int().nullable(),
});
export type PublicLink = z.infer<typeof publicLinkSchema>;

/**
 * The answer that creates (or re-sends) a link: the only time its URL is known. A signing link's
 * is never shown (issue 35: it is the signer's own, sent only to their e-mail): url and whatsappUrl are null.
 */
export const issuedLinkSchema = z.object({
  link: publicLinkSchema,
  /** The full address, `{PUBLIC_URL}/p/{token}`; null for a signing link. */
  url: z.string().nullable(),
  /** `https://wa.me/52…?text=…` with a prefilled Spanish message, or null without a mobile number (or for a signing link). */
  whatsappUrl: z.string().nullable(),
});
export type IssuedLink = z.infer<typeof issuedLinkSchema>;

/** The people of a policy a link can be made for (the staff dialog's choices). */
export const linkRecipientSchema = z.object({
  party: z.enum(personParties),
  partyIndex: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
});
export type LinkRecipient = z.infer<typeof linkRecipientSchema>;

export const policyLinksSchema = z.object({
  links: z.array(publicLinkSchema),
  recipients: z.array(linkRecipientSchema),
});
export type PolicyLinks = z.infer<typeof policyLinksSchema>;

// --- public API (the token is the only credential) ---------------------------------------------

export const linkTokenParamsSchema = z.object({
  // 32 random bytes in base64url: 43 characters. Anything else is not a token (and gets the same answer as a wrong one).
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, publicLinkMessages.invalid),
});

/** GET /api/public/links/{token}: what the page needs to start, nothing about anyone else. */
export const publicLinkViewSchema = z.object({
  purpose: z.enum(linkPurposes),
  party: z.enum(linkParties),
  partyName: z.string(),
  /** The branch that sent it (its name), so the person knows who is asking. */
  branchName: z.string(),
  /** The policy's folio (INV-…): the reference the person can quote to the office. */
  folio: z.string(),
  expiresAt: z.string(),
  finished: z.boolean(),
  privacy: z.object({
    version: z.number().int(),
    text: z.string(),
    /** Whether this link already accepted this version. */
    accepted: z.boolean(),
  }),
});
export type PublicLinkView = z.infer<typeof publicLinkViewSchema>;

export const privacyAcceptanceInputSchema = z.object({
  version: z.coerce.number({ error: 'La versión del aviso no es válida' }).int('La versión del aviso no es válida').positive('La versión del aviso no es válida'),
});
