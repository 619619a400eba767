import type { PolicyType } from '@portal/domain';

/**
 * Router state of /policies/results (spec: policyId, investigationId, policyType) and
 * /upload-documents (the same plus guarantorId). policyId travels as text, as the spec has it.
 */
export interface InvestigationNavState {
  policyId: string;
  investigationId: string;
  policyType: PolicyType;
  guarantorId?: number | undefined;
}
