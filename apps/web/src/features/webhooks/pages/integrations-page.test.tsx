import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Webhook, WebhookDelivery } from '@tikiti/contract';
import { AlertBanner } from '../../../components/layout/alert-banner';
import { answer, mockFetch, type SeenRequest } from '../../../test-support/fetch';
import { renderPage } from '../../../test-support/render';
import { useSession } from '../../accounts';
import IntegrationsPage from './integrations-page';

const webhook = (overrides: Partial<Webhook> = {}): Webhook => ({
  id: 5,
  url: 'https://crm.example.co.ke/tikiti',
  events: ['booking.paid', 'attendee.checked_in'],
  description: 'Sales into our CRM',
  status: 'active',
  consecutive_failures: 0,
  disabled_at: null,
  created_at: '2026-03-01T06:00:00.000Z',
  ...overrides,
});

const delivery = (overrides: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id: 90,
  event_id: 'evt_1a2b3c',
  type: 'booking.paid',
  status: 'failed',
  attempts: 3,
  response_code: 500,
  error: 'HTTP 500',
  created_at: '2026-03-02T06:00:00.000Z',
  last_attempt_at: '2026-03-02T07:00:00.000Z',
  next_attempt_at: null,
  ...overrides,
});

type Route = (req: SeenRequest) => ReturnType<typeof answer> | undefined;

function server({ list = [] as Webhook[], extra = (() => undefined) as Route } = {}) {
  return mockFetch((req) => {
    const mine = extra(req);
    if (mine) return mine;
    if (req.path === '/v1/client/webhooks' && req.method === 'GET') return answer(200, list);
    return answer(404, null);
  });
}

const open = () =>
  renderPage(
    <>
      <AlertBanner />
      <IntegrationsPage />
    </>,
    { path: '/organizer/integrations' },
  );

beforeEach(() => {
  useSession.getState().signIn('org-token', 'organizer', { fn: 'Amina', ln: 'Otieno' });
});

describe('the Integrations page (docs/api.md#webhooks)', () => {
  it('shows loading, then says there is no endpoint yet', async () => {
    server();
    open();
    expect(screen.getByRole('status', { name: 'Loading endpoints' })).toBeTruthy();
    expect(await screen.findByText('No endpoints yet')).toBeTruthy();
  });

  it('checks the address and the events beside them before sending', async () => {
    const seen = server();
    const { user } = open();
    await screen.findByText('No endpoints yet');
    await user.type(screen.getByLabelText('Endpoint address'), 'not an address');
    await user.click(screen.getByRole('checkbox', { name: /booking\.paid/ }));
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(await screen.findByText('Enter a full address, https://…')).toBeTruthy();
    expect(screen.getByText('Choose at least one event')).toBeTruthy();
    expect(seen.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('puts the server’s refusal of an address beside it', async () => {
    server({
      extra: (req) =>
        req.method === 'POST'
          ? answer(400, {
              code: 'webhook.address_not_allowed',
              errors: [{ path: 'url', message: 'Use an https address that is not private' }],
            })
          : undefined,
    });
    const { user } = open();
    await user.type(await screen.findByLabelText('Endpoint address'), 'http://10.0.0.1/hook');
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(await screen.findByText('Use an https address that is not private')).toBeTruthy();
    expect(screen.getByLabelText('Endpoint address').getAttribute('aria-invalid')).toBe('true');
  });

  it('adds an endpoint and shows its secret once, with a copy button', async () => {
    let list: Webhook[] = [];
    const seen = server({
      extra: (req) => {
        if (req.method === 'POST' && req.path === '/v1/client/webhooks') {
          list = [webhook({ events: ['booking.paid', 'booking.refunded'] })];
          return answer(201, { ...list[0], secret: 'whsec_0123456789abcdef' });
        }
        if (req.method === 'GET' && req.path === '/v1/client/webhooks') return answer(200, list);
        return undefined;
      },
    });
    const { user } = open();
    await user.type(await screen.findByLabelText('Endpoint address'), 'https://crm.example.co.ke/tikiti');
    await user.type(screen.getByLabelText('Description (optional)'), 'Sales into our CRM');
    await user.click(screen.getByRole('checkbox', { name: /booking\.refunded/ }));
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect((await screen.findByTestId('webhook-secret')).textContent).toBe('whsec_0123456789abcdef');
    expect(seen.find((r) => r.method === 'POST')?.body).toEqual({
      url: 'https://crm.example.co.ke/tikiti',
      events: ['booking.paid', 'booking.refunded'],
      description: 'Sales into our CRM',
    });
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    // user-event's clipboard stands in for the browser's.
    expect(await navigator.clipboard.readText()).toBe('whsec_0123456789abcdef');
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeTruthy();
    // The list shows the new endpoint; once saved, the secret is gone from the page for good.
    expect(await screen.findByRole('heading', { name: 'https://crm.example.co.ke/tikiti' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'I have saved it' }));
    expect(screen.queryByTestId('webhook-secret')).toBeNull();
  });

  it('shows the delivery log (status, attempts, response, time) and resends one', async () => {
    const seen = server({
      list: [webhook()],
      extra: (req) => {
        if (req.path.startsWith('/v1/client/webhooks/5/deliveries?'))
          return answer(200, { data: [delivery()], total: 1 });
        if (req.path === '/v1/client/webhooks/5/deliveries/90/resend')
          return answer(201, delivery({ id: 91, status: 'pending', attempts: 0, response_code: null, error: null }));
        return undefined;
      },
    });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Deliveries' }));
    const table = await screen.findByRole('table', { name: /Deliveries to/ });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByText('booking.paid')).toBeTruthy();
    expect(within(row).getByText('failed')).toBeTruthy();
    expect(within(row).getByText('3')).toBeTruthy();
    expect(within(row).getByText('500')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Resend booking.paid evt_1a2b3c' }));
    expect(await screen.findByText(/Sent again/)).toBeTruthy();
    expect(seen.some((r) => r.method === 'POST' && r.path === '/v1/client/webhooks/5/deliveries/90/resend')).toBe(true);
  });

  it('deletes an endpoint after asking', async () => {
    let list = [webhook()];
    const seen = server({
      extra: (req) => {
        if (req.method === 'DELETE') {
          const gone = list[0];
          list = [];
          return answer(200, gone);
        }
        if (req.method === 'GET' && req.path === '/v1/client/webhooks') return answer(200, list);
        return undefined;
      },
    });
    const { user } = open();
    await user.click(
      await screen.findByRole('button', { name: 'Delete the endpoint https://crm.example.co.ke/tikiti' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete this endpoint?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete endpoint' }));
    expect(await screen.findByText('No endpoints yet')).toBeTruthy();
    await waitFor(() =>
      expect(seen.some((r) => r.method === 'DELETE' && r.path === '/v1/client/webhooks/5')).toBe(true),
    );
  });
});
