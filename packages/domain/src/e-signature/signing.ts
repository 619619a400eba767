import { z } from 'zod';
import { contractDocumentKinds } from '../contracts/contracts';
import { linkParties, type LinkParty } from '../public-links/links';
import { signatureMethods, signingOrders } from './methods';
import { revocationStatuses } from './efirma';

/*
 * Signing by link (issue 17, decision 017): when a policy marked 'Firma electrónica' moves to
 * 'signature', each signer gets a link; the page shows the pack, asks for a one-time code sent by
 * e-mail, then a drawn or typed signature and an explicit acceptance. Shared by API and web.
 */

export const signingRoundStatuses = ['open', 'completed', 'declined', 'cancelled', 'expired'] as const;

/**
 * What a round signs: the contract pack (its completion makes the policy active) or a document of
 * its own, such as the acta de entrega-recepción (issue 32: the signed PDF is kept on the round).
 */
export const signingSubjects = ['contracts', 'move_out'] as const;
export type SigningSubject = (typeof signingSubjects)[number];
export const signingSubjectLabels: Record<Exclude<SigningSubject, 'contracts'>, string> = { move_out: 'Acta de entrega-recepción' };
export type SigningRoundStatus = (typeof signingRoundStatuses)[number];
export const signingRoundStatusLabels: Record<SigningRoundStatus, string> = {
  open: 'En firma',
  completed: 'Firmado',
  declined: 'Rechazado por un firmante',
  cancelled: 'Cancelado',
  expired: 'Vencido sin completarse',
};

interface SigningPerson {
  name: string;
  email: string;
}

/** One person who signs the contracts by link: which party, which of them, and where their link goes. */
export interface PolicySigner<P extends SigningPerson = SigningPerson> {
  party: LinkParty;
  partyIndex: number;
  person: P;
}

/**
 * Who signs a policy's contracts, in order: every tenant, every guarantor and the owner (those
 * with a name). The server starts the round with them; the expediente asks 'Enviar Contratos'
 * naming them first.
 */
export function policySigners<P extends SigningPerson>(policy: { tenants: readonly P[]; guarantors: readonly P[]; property: { owner: P } }): PolicySigner<P>[] {
  return [
    ...policy.tenants.map((person, partyIndex) => ({ party: 'tenant' as const, partyIndex, person })),
    ...policy.guarantors.map((person, partyIndex) => ({ party: 'guarantor' as const, partyIndex, person })),
    { party: 'owner' as const, partyIndex: 0, person: policy.property.owner },
  ].filter((signer) => signer.person.name.trim() !== '');
}

/** The one-time code: 6 digits, valid 10 minutes, 5 wrong tries lock the link. */
export const signingCode = { digits: 6, validMinutes: 10, maxFailures: 5, resendAfterSeconds: 60 } as const;

export const signatureKinds = ['drawn', 'typed'] as const;
export type SignatureKind = (typeof signatureKinds)[number];

export const signingMessages = {
  completedNote: 'Firma electrónica completada',
  declinedNote: (name: string, reason: string) => `Firma electrónica rechazada por ${name}: ${reason}`,
  roundStartedNote: (signers: number) => `Contratos enviados para firma electrónica a ${signers} firmante${signers === 1 ? '' : 's'}`,
  roundCancelledNote: 'Firma electrónica cancelada',
  codeRequired: 'Escriba el código de 6 dígitos que le enviamos por correo',
  codeWrong: (left: number) => `El código no es correcto. Le quedan ${left} intento${left === 1 ? '' : 's'}.`,
  codeExpired: 'El código venció; pida uno nuevo',
  codeLocked: 'Demasiados códigos incorrectos: este enlace quedó bloqueado. Comuníquese con la oficina.',
  codeTooSoon: (seconds: number) => `Espere ${seconds} segundos antes de pedir otro código`,
  codeNotVerified: 'Primero confirme el código que le enviamos por correo',
  acceptRequired: 'Debe aceptar firmar electrónicamente los documentos',
  signatureRequired: 'Dibuje o escriba su firma',
  signatureInvalid: 'La firma no es válida',
  packChanged: 'Los documentos cambiaron desde que los abrió; revíselos de nuevo',
  alreadySigned: 'Usted ya firmó estos documentos',
  notYourTurn: 'Aún no es su turno de firmar: le avisaremos por correo cuando firmen quienes van antes',
  roundClosed: 'Esta firma ya no está abierta',
  declineReasonRequired: 'Escriba el motivo',
  signerWithoutEmail: (name: string) => `${name} no tiene correo electrónico: no puede firmar electrónicamente`,
  noPack: 'La póliza no tiene contratos generados',
  // Staff notices (bell and e-mail).
  declinedTitle: (policy: string) => `Firma electrónica rechazada: ${policy}`,
  declinedBody: (policy: string, name: string, reason: string) => `${name} no firmó los contratos de la póliza ${policy}. Motivo: ${reason}`,
  completedTitle: (policy: string) => `Contratos firmados: ${policy}`,
  completedBody: (policy: string) => `Todos los firmantes firmaron los contratos de la póliza ${policy}. La póliza quedó activa.`,
  evidenceTitle: 'Constancia de firma electrónica',
} as const;

/** POST /api/public/links/{token}/signing/code: where the code went and when another may be asked. */
export const codeSentSchema = z.object({
  emailMasked: z.string(),
  resendAfterSeconds: z.number().int(),
});
export type CodeSent = z.infer<typeof codeSentSchema>;

/** 'ma***@correo.com': enough for the person to recognise their address, not enough to read it. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email.slice(0, Math.min(2, at))}***${email.slice(at)}`;
}

/** GET /api/public/links/{token}/signing: the round as this signer sees it. */
export const signingViewSchema = z.object({
  status: z.enum(signingRoundStatuses),
  documents: z.array(
    z.object({
      kind: z.enum([...contractDocumentKinds, 'move_out']),
      label: z.string(),
      pageCount: z.number().int(),
      sha256: z.string(),
      /** How this document is signed in the round (issue 35), and whether this signer signs it. */
      method: z.enum(['simple', 'efirma']),
      mine: z.boolean(),
    }),
  ),
  /** How this signer signs: 'efirma' when any of their documents asks for it (issue 35). */
  method: z.enum(['simple', 'efirma']),
  /** Signing in order: false until every signer before this one has signed. */
  myTurn: z.boolean(),
  /** The round's deadline (issue 35: a branch setting). */
  expiresAt: z.string().nullable(),
  /** SHA-256 of the PDF served at …/signing/pack: the signer sends it back when signing. */
  packSha256: z.string(),
  /** Where the code was sent, masked ('ma***@correo.com'). */
  emailMasked: z.string(),
  otpVerified: z.boolean(),
  locked: z.boolean(),
  signedAt: z.string().nullable(),
  declinedAt: z.string().nullable(),
  /** How many of the round's signers have signed, of how many (no names: only the person's own data). */
  signersSigned: z.number().int(),
  signersTotal: z.number().int(),
});
export type SigningView = z.infer<typeof signingViewSchema>;

export const verifyCodeInputSchema = z.object({
  code: z.string({ error: signingMessages.codeRequired }).trim().regex(/^\d{6}$/, signingMessages.codeRequired),
});

const drawnSignature = z.object({
  kind: z.literal('drawn'),
  /** A PNG as a data URL from signature_pad, at most ~200 KB. */
  image: z.string().max(300_000, signingMessages.signatureInvalid).regex(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/, signingMessages.signatureInvalid),
});
const typedSignature = z.object({
  kind: z.literal('typed'),
  text: z.string({ error: signingMessages.signatureRequired }).trim().min(2, signingMessages.signatureRequired).max(150, signingMessages.signatureInvalid),
});

export const signInputSchema = z.object({
  signature: z.discriminatedUnion('kind', [drawnSignature, typedSignature], { error: signingMessages.signatureRequired }),
  accept: z.literal(true, { error: signingMessages.acceptRequired }),
  packSha256: z.string({ error: signingMessages.packChanged }).regex(/^[0-9a-f]{64}$/, signingMessages.packChanged),
});
export type SignInput = z.input<typeof signInputSchema>;

export const declineInputSchema = z.object({
  reason: z.string({ error: signingMessages.declineReasonRequired }).trim().min(3, signingMessages.declineReasonRequired).max(1000, 'El motivo es demasiado largo (máximo 1000 caracteres)'),
});

/** What staff see of a round (expediente, Firma section). */
export const signingRoundSchema = z.object({
  id: z.number().int(),
  status: z.enum(signingRoundStatuses),
  packVersion: z.number().int(),
  signedPackVersion: z.number().int().nullable(),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
  /** Issue 35: how each kind was signed in this round ('paper': left out), and why a kind went to paper. */
  methods: z.record(z.enum(contractDocumentKinds), z.enum(signatureMethods)),
  paperReason: z.string(),
  order: z.enum(signingOrders),
  expiresAt: z.string().nullable(),
  /** The code of the signed documents' /verificar page (shown once the round completed). */
  verificationCode: z.string().nullable(),
  signers: z.array(
    z.object({
      linkId: z.number().int(),
      party: z.enum(linkParties),
      name: z.string(),
      email: z.string(),
      method: z.enum(['simple', 'efirma']),
      /** Signing in order: when their link was sent (null: not their turn yet). */
      invitedAt: z.string().nullable(),
      remindersSent: z.number().int(),
      signedAt: z.string().nullable(),
      declinedAt: z.string().nullable(),
      declineReason: z.string().nullable(),
      locked: z.boolean(),
      /** An e.firma signature: the certificate's serial and what SAT's OCSP said. */
      certificateSerial: z.string().nullable(),
      revocation: z.enum(revocationStatuses).nullable(),
    }),
  ),
});
export type SigningRound = z.infer<typeof signingRoundSchema>;
/** GET /api/policy/{id}/signing: the policy's latest round, or null when it never had one. */
export const latestSigningRoundSchema = signingRoundSchema.nullable();
