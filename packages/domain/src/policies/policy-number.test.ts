import { describe, expect, it } from 'vitest';
import { policyStatuses } from './policy-status-values';
import { canSetPolicyNumber } from './folio';
import { isCreationJump } from './policy-status-change';

describe('the folio de póliza a client may set (issue 28)', () => {
  it('is an admin’s, on a policy that has none', () => {
    expect(canSetPolicyNumber('admin', '')).toBe(true);
    expect(canSetPolicyNumber('admin', 'POL-2026-00001')).toBe(false);
    for (const role of ['manager', 'approver', 'agent'] as const) expect(canSetPolicyNumber(role, '')).toBe(false);
  });
});

describe('creating a policy in a status', () => {
  it('is a jump for every status but Creada', () => {
    expect(policyStatuses.filter(isCreationJump)).toEqual(policyStatuses.filter((status) => status !== 'created'));
  });
});
