import { describe, expect, it } from 'vitest';
import {
  addendumEditorRoles,
  adminRoles,
  claimEditorRoles,
  claimMoneyReverserRoles,
  hasRole,
  leadWorkerRoles,
  managerRoles,
  moveOutEditorRoles,
  paymentRecorderRoles,
  policyEditorRoles,
  renewalRoles,
  reviewerRoles,
} from './permissions';
import { roles, type Role } from './role-values';

const holders = (allowed: readonly Role[]) => roles.filter((role) => hasRole(role, allowed));

describe('permissions (issue 31)', () => {
  it('names who may do what', () => {
    expect(holders(adminRoles)).toEqual(['admin']);
    expect(holders(managerRoles)).toEqual(['admin', 'manager']);
    expect(holders(reviewerRoles)).toEqual(['admin', 'manager', 'approver']);
    expect(holders(addendumEditorRoles)).toEqual(['admin', 'manager', 'agent']);
    expect(holders(renewalRoles)).toEqual(['admin', 'manager', 'agent']);
  });

  it("gives the lawyer (issue 33) the incidencias and nothing of the policy's other writes", () => {
    expect(holders(claimEditorRoles)).toEqual(['admin', 'manager', 'agent', 'lawyer']);
    for (const set of [adminRoles, managerRoles, reviewerRoles, addendumEditorRoles, renewalRoles, paymentRecorderRoles, moveOutEditorRoles, claimMoneyReverserRoles, policyEditorRoles, leadWorkerRoles]) {
      expect(hasRole('lawyer', set)).toBe(false);
    }
    expect(holders(policyEditorRoles)).toEqual(['admin', 'manager', 'approver', 'agent']);
    expect(holders(leadWorkerRoles)).toEqual(['admin', 'manager', 'approver', 'agent']);
  });

  it('allows nobody signed out', () => {
    expect(hasRole(undefined, managerRoles)).toBe(false);
    expect(hasRole(null, adminRoles)).toBe(false);
  });
});
