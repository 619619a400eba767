import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { PolicyFile, RentLedger } from '@portal/domain';
import { renderRoute } from '@/test/render';
import { mockFetch } from '@/test/fetch-mock';
import { agentUser, makePolicy, storeSession } from '@/test/fixtures';
import { PolicyFilePage } from '../pages/policy-file-page';

const file: PolicyFile = { policyId: 5, branch: { id: 1, name: 'Sucursal Polanco' }, agent: { id: 7, name: 'Laura Méndez' }, checklist: [], addendums: [], appointments: [], claimDocuments: [] };

const ledger: RentLedger = {
  policyId: 5,
  scheduled: true,
  rows: [
    {
      id: 100,
      period: '2026-12',
      dueOn: '2026-12-01',
      graceDays: 5,
      amountDue: '18500.00',
      paid: '0.00',
      owed: '18500.00',
      state: 'overdue',
      daysLate: 12,
      interest: '0.00',
      paidOn: null,
      pagare: { number: 1, of: 1, state: 'overdue' },
      waivedReason: null,
      confirmation: null,
    },
  ],
  payments: [],
  totals: { due: '18500.00', paid: '0.00', owed: '18500.00', credit: '0.00' },
  arrears: { months: 1, amount: '18500.00', daysLate: 12, interest: '0.00' },
  lateInterestMonthlyRate: null,
  version: 1,
};

describe("the expediente's 'Rentas' (issue 32)", () => {
  it('comes after the signing, in the section menu', async () => {
    storeSession(agentUser);
    const policy = makePolicy({ id: 5, status: 'active' });
    mockFetch({
      'GET /api/policy/unique/5': { body: policy },
      'GET /api/policy/5/file': { body: file },
      'GET /api/policy/5/events': { body: [] },
      [`GET /api/files/documentswithresponses/${policy.investigationId}`]: { body: [] },
      'GET /api/policy/5/rents': { body: ledger },
    });
    renderRoute(<PolicyFilePage />, { path: '/policies/:id', url: '/policies/5' });
    const section = await screen.findByRole('region', { name: 'Rentas' });
    expect(await within(section).findByText('Atraso: 1 mes, $18,500.00, 12 días')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Rentas' })).toHaveAttribute('href', '#rentas');
    const signing = screen.getByRole('region', { name: 'Firma electrónica' });
    expect(signing.compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
