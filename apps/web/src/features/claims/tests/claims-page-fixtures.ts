import { vi } from 'vitest';
import type { ClaimCalendarEntry, ClaimList, ClaimSummary } from '@portal/domain';

/** A case in 'Demanda' (renamed by an admin), with a missed deadline. */
export function makeClaimSummary(overrides: Partial<ClaimSummary> = {}): ClaimSummary {
  return {
    id: 42,
    number: 'INC-00042',
    policyId: 7,
    policyFolio: 'POL-2026-00007',
    branchId: 1,
    branchName: 'Sucursal Polanco',
    type: 'non_payment',
    status: 'open',
    stage: 'lawsuit',
    stageLabel: 'Demanda presentada',
    result: null,
    source: 'staff',
    tenantNames: 'Ana Ruiz',
    ownerName: 'Jorge Pérez',
    propertyAddress: 'Durango 214, Roma Norte',
    amountClaimed: '55500.00',
    assignee: { id: 9, name: 'Lic. Marta Solís' },
    openedAt: '2027-01-05T17:00:00.000Z',
    closedAt: null,
    daysOpen: 64,
    nextDeadline: { id: 300, dueOn: '2027-03-08', description: 'Contestación de la demanda', missed: true },
    ...overrides,
  };
}

export function claimList(items: ClaimSummary[], overrides: Partial<ClaimList> = {}): ClaimList {
  return { items, total: items.length, page: 1, pageSize: 50, ...overrides };
}

export function makeCalendarEntry(overrides: Partial<ClaimCalendarEntry> = {}): ClaimCalendarEntry {
  return {
    id: 300,
    claimId: 42,
    dueOn: '2026-11-24',
    description: 'Contestación de la demanda',
    doneAt: null,
    missed: false,
    createdBy: 'Lic. Marta Solís',
    createdAt: '2026-11-02T17:00:00.000Z',
    claimNumber: 'INC-00042',
    policyId: 7,
    policyFolio: 'POL-2026-00007',
    assignee: { id: 9, name: 'Lic. Marta Solís' },
    ...overrides,
  };
}

/** The window as wide as `width` px for the screens that choose between a table and cards. */
export function screenWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const min = /min-width:\s*(\d+)px/.exec(query);
    return { matches: min ? width >= Number(min[1]) : false, media: query, addEventListener: () => {}, removeEventListener: () => {} };
  });
}
