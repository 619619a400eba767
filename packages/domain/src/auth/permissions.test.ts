import { describe, expect, it } from 'vitest';
import { addendumEditorRoles, adminRoles, hasRole, managerRoles, renewalRoles, reviewerRoles } from './permissions';
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

  it('allows nobody signed out', () => {
    expect(hasRole(undefined, managerRoles)).toBe(false);
    expect(hasRole(null, adminRoles)).toBe(false);
  });
});
