import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { agentUser, storeSession } from '@/test/fixtures';
import { mockFetch } from '@/test/fetch-mock';
import { renderRoute } from '@/test/render';
import { FeeQuotePreviewSummary } from '../components/fee-quote-preview';

describe('the fee next to the rent (policy form, lead conversion)', () => {
  it('quotes the rent with the branch’s tariff before saving', async () => {
    storeSession(agentUser);
    const net = mockFetch({
      'GET /api/fees/quote?policyType=basica&rent=18500&branchId=1': {
        body: { branchId: 1, policyType: 'basica', tariffVersion: 0, ratePercent: '35.00', minimum: '3500.00', ivaPercent: '16.00', baseAmount: '6475.00', subtotal: '6475.00', iva: '1036.00', total: '7511.00' },
      },
    });
    renderRoute(<FeeQuotePreviewSummary policyType="basica" rent="18500" branchId={1} />);
    expect(await screen.findByText(/\$6,475.00 \+ IVA \$1,036.00 =/)).toHaveTextContent('$7,511.00');
    expect(screen.getByText(/35.00 % de un mes de renta · tarifa del portal/)).toBeInTheDocument();
    expect(net.calls).toHaveLength(1);
  });

  it('waits for a rent before asking', () => {
    storeSession(agentUser);
    const net = mockFetch({});
    renderRoute(<FeeQuotePreviewSummary policyType="basica" rent="" />);
    expect(screen.getByText('Se cotizan al capturar la renta mensual.')).toBeInTheDocument();
    expect(net.calls).toHaveLength(0);
  });
});
