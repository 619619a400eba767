import { z } from 'zod';
import { policyTypeSchema, type PolicyType } from '@portal/domain';
import { paths, type InvestigationOrigin } from '@/lib/paths';

/**
 * Router state of /upload-documents and /policies/results (spec: policyId, investigationId,
 * policyType, guarantorId). policyId travels as text, as the spec has it. It belongs to the
 * screens that read it; the policy screens only build it (through this feature's index).
 */
export interface InvestigationNavState {
  policyId: string;
  investigationId: string;
  policyType: PolicyType;
  guarantorId?: number | undefined;
}

/** What a caller knows of the policy: a tracking row, or the policy loaded in the form. */
export interface InvestigationPolicyRef {
  id: number;
  investigationId: string;
  policyType: PolicyType;
  /** The first guarantor, whose identification the upload screen asks for (Plus, Plus Auto). */
  guarantorId?: number | null | undefined;
}

export function investigationNavState(policy: InvestigationPolicyRef): InvestigationNavState {
  return {
    policyId: String(policy.id),
    investigationId: policy.investigationId,
    policyType: policy.policyType,
    guarantorId: policy.guarantorId ?? undefined,
  };
}

/**
 * Where 'Subir Documentos' goes: the folio in the URL too, so a reload keeps the screen, and
 * `from` when tracking opened it (the sidebar then marks 'Seguimiento').
 */
export function uploadDocumentsLink(policy: InvestigationPolicyRef, from?: InvestigationOrigin) {
  return { to: paths.uploadDocuments.to(policy.investigationId, from), state: investigationNavState(policy) };
}

/** Where 'Mostrar Resultados' goes. */
export function investigationResultsLink(policy: InvestigationPolicyRef, from?: InvestigationOrigin) {
  return { to: paths.policies.results.to(policy.investigationId, from), state: investigationNavState(policy) };
}

const navStateSchema = z.object({
  policyId: z.coerce.string(),
  investigationId: z.string().trim().min(1),
  policyType: policyTypeSchema,
  // The spec parses it to an integer; anything unreadable means "no guarantor".
  guarantorId: z.preprocess((value) => (typeof value === 'string' ? Number.parseInt(value, 10) : value), z.number().int().positive())
    .optional()
    .catch(undefined),
});

/** The router state read back, or null when there is none (a reload, a typed URL) or it is malformed. */
export function readInvestigationNavState(state: unknown): InvestigationNavState | null {
  const parsed = navStateSchema.safeParse(state);
  return parsed.success ? parsed.data : null;
}
