import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { BadgeSummary } from '@tikiti/contract';
import { AlertBanner } from '../../../components/layout/alert-banner';
import { answer, mockFetch, type SeenRequest } from '../../../test-support/fetch';
import { eventFixture } from '../../../test-support/fixtures';
import { renderPage } from '../../../test-support/render';
import { useSession } from '../../accounts';
import BadgesPage from './badges-page';

const BASE = '/v1/client/event/7';

const summary = (overrides: Partial<BadgeSummary> = {}): BadgeSummary => ({
  total: 50,
  not_printed: 20,
  ticket_types: [
    { id: 11, name: 'Delegate', colour: '#1d4ed8', total: 42, not_printed: 17 },
    { id: 12, name: 'VIP', colour: '#b45309', total: 8, not_printed: 3 },
  ],
  ...overrides,
});

type Route = (req: SeenRequest) => ReturnType<typeof answer> | undefined;

function server(s: BadgeSummary | null, extra: Route = () => undefined) {
  return mockFetch((req) => {
    const mine = extra(req);
    if (mine) return mine;
    if (req.path === `${BASE}/badges`) return s ? answer(200, s) : answer(500, null, { description: 'Server down' });
    if (req.path === BASE) return answer(200, eventFixture({ id: 7 }));
    return answer(404, null);
  });
}

const open = () =>
  renderPage(
    <>
      <AlertBanner />
      <BadgesPage />
    </>,
    { path: '/organizer/event/:id/badges', at: '/organizer/event/7/badges' },
  );

const count = () => screen.getByTestId('badge-count').textContent;

beforeEach(() => {
  useSession.getState().signIn('org-token', 'organizer', { fn: 'Amina', ln: 'Otieno' });
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
});

describe('the badges page (docs/product.md#name-badges)', () => {
  it('shows loading, then the failure with a retry', async () => {
    server(null);
    open();
    expect(screen.getByRole('status', { name: 'Loading badges' })).toBeTruthy();
    expect(await screen.findByText('Server down')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('says so when there are no badges yet', async () => {
    server(summary({ total: 0, not_printed: 0, ticket_types: [] }));
    open();
    expect(await screen.findByText('No badges yet')).toBeTruthy();
  });

  it('counts what will print for the layout, ticket type and not-printed choice', async () => {
    server(summary());
    const { user } = open();
    await screen.findByRole('heading', { name: 'Print badges' });
    expect(count()).toBe('20 badges will print on 3 pages');
    await user.click(screen.getByRole('checkbox', { name: 'Only badges not printed yet' }));
    expect(count()).toBe('50 badges will print on 7 pages');
    await user.selectOptions(screen.getByLabelText('Ticket type'), 'VIP (8, 3 not printed)');
    expect(count()).toBe('8 badges will print on 1 page');
    await user.click(screen.getByRole('radio', { name: /^A6/ }));
    expect(count()).toBe('8 badges will print on 8 pages');
    await user.click(screen.getByRole('checkbox', { name: 'Only badges not printed yet' }));
    expect(count()).toBe('3 badges will print on 3 pages');
  });

  it('downloads the PDF with the choice, shows progress, and asks the summary again', async () => {
    let summaries = 0;
    const pdf = '%PDF-1.7 '.padEnd(4096, 'x');
    let release: () => void = () => {};
    const ready = new Promise<void>((r) => (release = r));
    const seen = server(summary(), (req) => {
      if (req.path === `${BASE}/badges`) summaries += 1;
      return undefined;
    });
    // The PDF streams slowly enough to see the progress.
    const fetchStub = globalThis.fetch as unknown as (url: string, init?: RequestInit) => Promise<Response>;
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      if (!url.startsWith(`${BASE}/badges.pdf`)) return fetchStub(url, init);
      seen.push({ method: 'GET', path: url, headers: {}, body: undefined });
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(new TextEncoder().encode(pdf.slice(0, 1024)));
          await ready;
          controller.enqueue(new TextEncoder().encode(pdf.slice(1024)));
          controller.close();
        },
      });
      return new Response(body, {
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Length': String(pdf.length),
          'Content-Disposition': 'attachment; filename="badges.pdf"',
        },
      });
    });
    const { user } = open();
    await screen.findByRole('heading', { name: 'Print badges' });
    await user.selectOptions(screen.getByLabelText('Ticket type'), 'Delegate (42, 17 not printed)');
    await user.click(screen.getByRole('radio', { name: /^Label 4 × 3 in/ }));
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    expect(await screen.findByText('Downloading… 25% of 4 KB')).toBeTruthy();
    release();
    expect(await screen.findByText('17 badges downloaded and marked printed.')).toBeTruthy();
    expect(seen.find((r) => r.path.startsWith(`${BASE}/badges.pdf`))!.path).toBe(
      `${BASE}/badges.pdf?layout=label-4x3in&ticket_type_id=11&not_printed=true`,
    );
    await waitFor(() => expect(summaries).toBe(2));
    expect(URL.createObjectURL).toHaveBeenCalledTimes(1);
  });

  it('says when nothing matches to print', async () => {
    server(summary(), (req) =>
      req.path.startsWith(`${BASE}/badges.pdf`) ? answer(409, { code: 'badge.nothing_to_print' }) : undefined,
    );
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Download PDF' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'No badge matches: every one of these is printed already, or none is sold yet.',
    );
  });
});
