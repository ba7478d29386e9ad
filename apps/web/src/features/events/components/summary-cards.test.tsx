import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { DashboardSummary } from '@tikiti/contract';
import { answer, mockFetch } from '../../../test-support/fetch';
import { renderPage } from '../../../test-support/render';
import { SummaryCards } from './summary-cards';

const summary = (s: Partial<DashboardSummary>): DashboardSummary => ({
  currency: 'USD',
  net_sales: 0,
  net_sales_by_currency: [],
  events: 2,
  tickets_sold: 7,
  upcoming_events: 1,
  ...s,
});

const open = (data: DashboardSummary) => {
  mockFetch((req) => (req.path === '/v1/client/summary' ? answer(200, data) : answer(404, null)));
  return renderPage(<SummaryCards />, { path: '/organizer/dashboard' });
};

describe('dashboard net sales (docs/product.md#money)', () => {
  it('shows one figure per currency: shillings beside dollars, never added to them', async () => {
    open(
      summary({
        currency: 'KES',
        net_sales: 2333,
        net_sales_by_currency: [
          { currency: 'KES', net_sales: 2333 },
          { currency: 'USD', net_sales: 19.99 },
        ],
      }),
    );
    const card = await screen.findByTestId('summary-net-sales');
    expect([...card.children].map((c) => c.textContent)).toEqual(['KES 2,333', 'USD 19.99']);
  });

  it('shows zero in the summary’s currency before the first sale', async () => {
    open(summary({ currency: 'USD', net_sales: 0 }));
    expect((await screen.findByTestId('summary-net-sales')).textContent).toBe('USD 0.00');
  });
});
