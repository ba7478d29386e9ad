import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { fromNairobiLocal, toNairobiLocal, type Message, type MessageDetail } from '@tikiti/contract';
import { AlertBanner } from '../../../components/layout/alert-banner';
import { answer, mockFetch, type SeenRequest } from '../../../test-support/fetch';
import { eventFixture } from '../../../test-support/fixtures';
import { renderPage } from '../../../test-support/render';
import { useSession } from '../../accounts';
import MessagesPage from './messages-page';

const BASE = '/v1/client/event/7';

const message = (overrides: Partial<Message> = {}): Message => ({
  id: 41,
  event_id: 7,
  subject: 'Room change for East Africa Fintech Summit',
  body: 'Hello {first_name}, the plenary moves to Hall B.',
  audience: 'not_checked_in',
  ticket_type_id: null,
  channels: ['mail', 'sms'],
  purpose: 'operational',
  status: 'sent',
  send_at: '2026-03-11T06:00:00.000Z',
  created_at: '2026-03-11T06:00:00.000Z',
  created_by: 'Amina Otieno',
  counts: { recipients: 3, queued: 0, sent: 2, failed: 1, skipped: 0 },
  ...overrides,
});

type Route = (req: SeenRequest) => ReturnType<typeof answer> | undefined;

function server({ list = [] as Message[], sentToday = 0, extra = (() => undefined) as Route } = {}) {
  return mockFetch((req) => {
    const mine = extra(req);
    if (mine) return mine;
    if (req.path === `${BASE}/messages` && req.method === 'GET')
      return answer(200, { data: list, sent_today: sentToday, daily_limit: 5 });
    if (req.path === BASE) return answer(200, eventFixture({ id: 7 }));
    return answer(404, null);
  });
}

const open = () =>
  renderPage(
    <>
      <AlertBanner />
      <MessagesPage />
    </>,
    { path: '/organizer/event/:id/messages', at: '/organizer/event/7/messages' },
  );

async function write(user: ReturnType<typeof open>['user']) {
  await user.type(await screen.findByLabelText('Subject'), 'Room change');
  await user.type(screen.getByLabelText('Message'), 'Hello ');
  await user.click(screen.getByRole('button', { name: '{first_name}' }));
}

beforeEach(() => {
  useSession.getState().signIn('org-token', 'organizer', { fn: 'Amina', ln: 'Otieno' });
});

describe('the messages page (docs/product.md#messages-to-attendees)', () => {
  it('shows loading, then the empty list and the day’s count', async () => {
    server({ sentToday: 2 });
    open();
    expect(screen.getByRole('status', { name: 'Loading messages' })).toBeTruthy();
    expect(await screen.findByText('No messages yet')).toBeTruthy();
    expect(screen.getByText(/2 of 5 messages sent today/)).toBeTruthy();
  });

  it('checks the draft beside its fields before anything is sent', async () => {
    const seen = server();
    const { user } = open();
    await screen.findByText('No messages yet');
    await user.click(screen.getByRole('checkbox', { name: 'Mail' }));
    await user.selectOptions(screen.getByLabelText('Audience'), 'ticket_type');
    await user.click(screen.getByRole('button', { name: 'Send now' }));
    expect(await screen.findByText('Write a subject')).toBeTruthy();
    expect(screen.getByText('Write the message')).toBeTruthy();
    expect(screen.getByText('Choose mail, SMS or both')).toBeTruthy();
    expect(screen.getByText('Choose a ticket type', { selector: '[role="alert"]' })).toBeTruthy();
    expect(screen.getByLabelText('Subject').getAttribute('aria-invalid')).toBe('true');
    expect(seen.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('previews with a real attendee’s values and sends a test to the organiser', async () => {
    const seen = server({
      extra: (req) => {
        if (req.path === `${BASE}/messages/preview`)
          return answer(200, {
            sample_name: 'Wanjiku Kamau',
            subject: 'Room change',
            mail_text:
              'Hello Wanjiku, …\n\nSent by Fintech Kenya. Stop messages: https://tikiti.example/messages/stop?token=x',
            sms_text: null,
            recipients: { mail: 12, sms: 0 },
          });
        if (req.path === `${BASE}/messages/test`) return answer(200, { mail: 'amina@example.com', sms: null });
        return undefined;
      },
    });
    const { user } = open();
    await write(user);
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByTestId('message-preview');
    expect(within(preview).getByText(/As Wanjiku Kamau gets it · 12 by mail/)).toBeTruthy();
    expect(within(preview).getByText(/Sent by Fintech Kenya/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send a test to myself' }));
    expect(await screen.findByText('Test sent to amina@example.com.')).toBeTruthy();
    const draft = {
      subject: 'Room change',
      body: 'Hello {first_name}',
      audience: { kind: 'everyone' },
      channels: ['mail'],
      purpose: 'operational',
    };
    expect(seen.find((r) => r.path === `${BASE}/messages/preview`)?.body).toEqual(draft);
    expect(seen.find((r) => r.path === `${BASE}/messages/test`)?.body).toEqual(draft);
  });

  it('schedules a message to a ticket type by mail and SMS, in Nairobi time', async () => {
    const seen = server({
      extra: (req) =>
        req.path === `${BASE}/messages` && req.method === 'POST'
          ? answer(201, message({ status: 'scheduled', send_at: '2099-01-02T06:30:00.000Z' }))
          : undefined,
    });
    const { user } = open();
    await write(user);
    await user.selectOptions(screen.getByLabelText('Audience'), 'ticket_type');
    await user.selectOptions(screen.getByLabelText('Ticket type'), '11');
    await user.click(screen.getByRole('checkbox', { name: /SMS/ }));
    await user.click(screen.getByRole('radio', { name: 'At a time' }));
    // Two days from now, on the hour, as the organiser types it in Nairobi time.
    const local = `${toNairobiLocal(new Date(Date.now() + 2 * 86_400_000)).slice(0, 13)}:00`;
    fireEvent.change(screen.getByLabelText('Send at (Nairobi time)'), { target: { value: local } });
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    expect(await screen.findByText(/Message scheduled for/)).toBeTruthy();
    expect(seen.find((r) => r.method === 'POST')?.body).toEqual({
      subject: 'Room change',
      body: 'Hello {first_name}',
      audience: { kind: 'ticket_type', ticket_type_id: 11 },
      channels: ['mail', 'sms'],
      purpose: 'operational',
      send_at: fromNairobiLocal(local).toISOString(),
    });
    // The form starts afresh for the next message.
    expect((screen.getByLabelText('Subject') as HTMLInputElement).value).toBe('');
  });

  it('says plainly when the day’s limit refuses a message, and keeps the draft', async () => {
    server({
      sentToday: 5,
      extra: (req) =>
        req.path === `${BASE}/messages` && req.method === 'POST'
          ? answer(
              429,
              { code: 'message.daily_limit' },
              { description: 'This event has had 5 messages today. Try again tomorrow.' },
            )
          : undefined,
    });
    const { user } = open();
    expect(await screen.findByText(/has had its 5 messages today/)).toBeTruthy();
    await write(user);
    await user.click(screen.getByRole('button', { name: 'Send now' }));
    const alert = await screen.findByText('This event has had 5 messages today. Try again tomorrow.');
    expect(alert.getAttribute('role')).toBe('alert');
    expect((screen.getByLabelText('Subject') as HTMLInputElement).value).toBe('Room change');
  });

  it('lists each message with its counts, and each recipient’s state when opened', async () => {
    const detail: MessageDetail = {
      ...message(),
      recipients: [
        {
          id: 1,
          name: 'Wanjiku Kamau',
          channel: 'mail',
          address: 'wanjiku@example.com',
          state: 'sent',
          error: null,
          sent_at: '2026-03-11T06:01:00.000Z',
        },
        {
          id: 2,
          name: 'Otieno Odhiambo',
          channel: 'sms',
          address: '+254712345678',
          state: 'failed',
          error: 'Invalid phone',
          sent_at: null,
        },
      ],
    };
    server({
      list: [message()],
      extra: (req) => (req.path === `${BASE}/messages/41` ? answer(200, detail) : undefined),
    });
    const { user } = open();
    const row = (await screen.findByRole('heading', { name: 'Room change for East Africa Fintech Summit' })).closest(
      'li',
    )!;
    expect(within(row).getByText('Sent', { selector: 'dt' }).nextElementSibling?.textContent).toBe('2');
    expect(within(row).getByText('Failed', { selector: 'dt' }).nextElementSibling?.textContent).toBe('1');
    await user.click(within(row).getByRole('button', { name: 'Recipients (3)' }));
    const table = await within(row).findByRole('table');
    expect(within(table).getByText('Otieno Odhiambo')).toBeTruthy();
    expect(within(table).getByText('Invalid phone')).toBeTruthy();
  });
});
