import { describe, expect, it } from 'vitest';
import { canRenewPolicy, canTerminatePolicy, policyTerminationInputSchema } from './policy-lifecycle';
import { formatPolicyNumber } from './folio';

describe('who may renew or terminate what', () => {
  it('renews a policy in force or expired, once, for admins, managers and agents', () => {
    expect(canRenewPolicy('agent', { status: 'expired', renewedToPolicyId: null })).toBe(true);
    expect(canRenewPolicy('manager', { status: 'expiring', renewedToPolicyId: null })).toBe(true);
    expect(canRenewPolicy('admin', { status: 'active', renewedToPolicyId: 4 })).toBe(false);
    expect(canRenewPolicy('approver', { status: 'active', renewedToPolicyId: null })).toBe(false);
    expect(canRenewPolicy('admin', { status: 'cancelled', renewedToPolicyId: null })).toBe(false);
  });

  it('terminates a policy in force, for managers and admins', () => {
    expect(canTerminatePolicy('manager', { status: 'active' })).toBe(true);
    expect(canTerminatePolicy('admin', { status: 'expiring' })).toBe(true);
    expect(canTerminatePolicy('agent', { status: 'active' })).toBe(false);
    expect(canTerminatePolicy('admin', { status: 'expired' })).toBe(false);
  });

  it('requires a trimmed reason of at most 500 characters', () => {
    expect(policyTerminationInputSchema.parse({ reason: '  Acuerdo  ' }).reason).toBe('Acuerdo');
    expect(policyTerminationInputSchema.safeParse({ reason: ' ' }).error?.issues[0]?.message).toBe('El campo Motivo es obligatorio');
    expect(policyTerminationInputSchema.safeParse({ reason: 'x'.repeat(501) }).error?.issues[0]?.message).toBe(
      'El campo Motivo admite como máximo 500 caracteres',
    );
  });
});

describe('formatPolicyNumber', () => {
  it('writes code, year and a five-digit sequence', () => {
    expect(formatPolicyNumber('POL', 2026, 42)).toBe('POL-2026-00042');
    expect(formatPolicyNumber('S1000', 2027, 123456)).toBe('S1000-2027-123456');
  });
});
