import { describe, expect, it } from 'vitest';
import { policyDisplayFolio } from './folio';

describe('policyDisplayFolio (issue 29)', () => {
  it("is the folio de póliza once the policy has one, else the investigation's", () => {
    expect(policyDisplayFolio({ policyNumber: 'POL-2026-00042', investigationId: 'INV-01122026-1030-042' })).toBe('POL-2026-00042');
    expect(policyDisplayFolio({ policyNumber: '', investigationId: 'INV-01122026-1030-042' })).toBe('INV-01122026-1030-042');
    expect(policyDisplayFolio({ policyNumber: '  ', investigationId: 'INV-01122026-1030-042' })).toBe('INV-01122026-1030-042');
    expect(policyDisplayFolio({ policyNumber: null, investigationId: 'INV-01122026-1030-042' })).toBe('INV-01122026-1030-042');
  });
});
