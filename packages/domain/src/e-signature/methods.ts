import type { ContractDocumentKind } from '../contracts/contracts';
import type { LinkParty } from '../public-links/links';

/*
 * How each kind of document is signed (issue 35, decision 030). A branch chooses per kind: the
 * simple electronic signature by link (a drawn or typed signature after a one-time code), the
 * signer's SAT e.firma (a firma electrónica avanzada, made in the signer's browser), or paper.
 */

export const signatureMethods = ['simple', 'efirma', 'paper'] as const;
export type SignatureMethod = (typeof signatureMethods)[number];
export const signatureMethodLabels: Record<SignatureMethod, string> = {
  simple: 'Firma electrónica simple',
  efirma: 'e.firma del SAT',
  paper: 'En papel',
};

/** A round's signers all at once (the default), or one after another in the round's order. */
export const signingOrders = ['parallel', 'sequential'] as const;
export type SigningOrder = (typeof signingOrders)[number];
export const signingOrderLabels: Record<SigningOrder, string> = {
  parallel: 'Todos a la vez',
  sequential: 'En orden: inquilino, obligados solidarios, propietario y la oficina',
};

/** A branch's choice per document kind. */
export type SignatureMethods = Record<ContractDocumentKind, SignatureMethod>;
export const defaultSignatureMethods: SignatureMethods = { lease: 'simple', policy: 'simple', promissory_notes: 'efirma' };

/**
 * Who signs each document. The pagarés are the tenants' (suscriptores) and the guarantors'
 * (avales); the owner is their beneficiary and does not sign them. The office signs the lease
 * and the póliza through its legal representative.
 */
export const documentSigners: Record<ContractDocumentKind, readonly LinkParty[]> = {
  lease: ['tenant', 'guarantor', 'owner', 'office'],
  policy: ['tenant', 'guarantor', 'owner', 'office'],
  promissory_notes: ['tenant', 'guarantor'],
};

export interface MethodSigner {
  party: LinkParty;
  name: string;
  rfc: string;
}

export interface RoundPlan {
  /** The method each kind of the pack is signed with in this round ('paper': left out of it). */
  methods: SignatureMethods;
  /** Why a kind set to e.firma went to paper, in words staff read ('' when nothing did). */
  paperReason: string;
}

export const roundPlanMessages = {
  efirmaUnavailable: (label: string) => `${label}: se firmarán en papel porque la e.firma no está configurada en este servidor (EFIRMA_CA_CERTS).`,
  efirmaWithoutRfc: (label: string, names: string[]) =>
    `${label}: se firmarán en papel porque ${names.join(', ')} no ${names.length === 1 ? 'tiene' : 'tienen'} RFC en la póliza (la e.firma se comprueba contra el RFC del firmante).`,
} as const;

const kindLabels: Record<ContractDocumentKind, string> = { lease: 'El contrato de arrendamiento', policy: 'La póliza', promissory_notes: 'Los pagarés' };

/**
 * The round's methods from the branch's choices: a kind set to e.firma is signed with e.firma
 * where every one of its signers has an RFC on the policy (the certificate is matched against it)
 * and this server can verify it (EFIRMA_CA_CERTS), else on paper — and the reason says why.
 */
export function planRound(kinds: readonly ContractDocumentKind[], branch: SignatureMethods, signers: readonly MethodSigner[], efirmaAvailable: boolean): RoundPlan {
  const methods = { ...branch };
  const reasons: string[] = [];
  for (const kind of kinds) {
    if (branch[kind] !== 'efirma') continue;
    if (!efirmaAvailable) {
      methods[kind] = 'paper';
      reasons.push(roundPlanMessages.efirmaUnavailable(kindLabels[kind]));
      continue;
    }
    const withoutRfc = signers.filter((signer) => documentSigners[kind].includes(signer.party) && signer.rfc.trim() === '').map((signer) => signer.name);
    if (withoutRfc.length === 0) continue;
    methods[kind] = 'paper';
    reasons.push(roundPlanMessages.efirmaWithoutRfc(kindLabels[kind], withoutRfc));
  }
  return { methods, paperReason: reasons.join(' ') };
}

/** 'María Pérez López' → 'Ma*** P*** L***': the given name's first two letters, each other word's first (/verificar). */
export function maskName(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word, index) => `${[...word].slice(0, index === 0 ? 2 : 1).join('')}***`)
    .join(' ');
}
