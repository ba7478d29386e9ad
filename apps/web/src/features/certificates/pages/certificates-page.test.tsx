import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Attendee, CertificateRow, CertificateSettings } from '@tikiti/contract';
import { AlertBanner } from '../../../components/layout/alert-banner';
import { answer, mockFetch, type SeenRequest } from '../../../test-support/fetch';
import { attendeeRowFixture, eventFixture } from '../../../test-support/fixtures';
import { renderPage } from '../../../test-support/render';
import { useSession } from '../../accounts';
import CertificatesPage from './certificates-page';

const BASE = '/v1/client/event/7';

const settings = (overrides: Partial<CertificateSettings> = {}): CertificateSettings => ({
  enabled: false,
  cpd_points: 0,
  accrediting_body: null,
  signatory_name: null,
  signatory_title: null,
  min_days: 1,
  event_days: 2,
  ended: false,
  issued: 0,
  revoked: 0,
  ...overrides,
});

const certificate = (overrides: Partial<CertificateRow> = {}): CertificateRow => ({
  id: 31,
  number: 'CPD-7-0001',
  holder_name: 'Wanjiku Kamau',
  company: 'KCB Group',
  email_address: 'wanjiku@example.com',
  ticket_id: 501,
  ticket_type: 'Delegate',
  booking_reference: 'TK-7Q2M9X',
  cpd_points: 6.5,
  issued_at: '2026-03-13T06:00:00.000Z',
  revoked_at: null,
  status: 'issued',
  source: 'auto',
  emailed_at: '2026-03-13T06:01:00.000Z',
  replaced_by: null,
  verify_url: 'https://tikiti.example/verify/TC1.abc.def',
  pdf_url: '/v1/certificates/TC1.abc.def/certificate.pdf',
  ...overrides,
});

const attendee = (overrides: Partial<Attendee> = {}) =>
  attendeeRowFixture({
    id: 503,
    holder_name: 'Otieno Odhiambo',
    company: 'Safaricom PLC',
    booking_reference: 'TK-GRP4AB',
    ...overrides,
  });

type Route = (req: SeenRequest) => ReturnType<typeof answer> | undefined;

/** The fake server: the event, its settings and register, and whatever `extra` answers first. */
function server({ s = settings(), list = [] as CertificateRow[], extra = (() => undefined) as Route } = {}) {
  return mockFetch((req) => {
    const mine = extra(req);
    if (mine) return mine;
    if (req.path === `${BASE}/certificate-settings`) return answer(200, s);
    if (req.path.startsWith(`${BASE}/certificates?`)) return answer(200, { data: list, total: list.length });
    if (req.path === BASE) return answer(200, eventFixture({ id: 7 }));
    return answer(404, null);
  });
}

const open = () =>
  renderPage(
    <>
      <AlertBanner />
      <CertificatesPage />
    </>,
    { path: '/organizer/event/:id/certificates', at: '/organizer/event/7/certificates' },
  );

beforeEach(() => {
  useSession.getState().signIn('org-token', 'organizer', { fn: 'Amina', ln: 'Otieno' });
});

describe('the certificates page (docs/product.md#certificates-of-attendance)', () => {
  it('shows loading, then a failure with a retry that works', async () => {
    let fail = true;
    server({
      extra: (req) =>
        req.path === `${BASE}/certificate-settings` && fail
          ? answer(500, null, { description: 'Server down' })
          : undefined,
    });
    const { user } = open();
    expect(screen.getByRole('status', { name: 'Loading certificate settings' })).toBeTruthy();
    expect(await screen.findByText('Server down')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('CPD points')).toBeTruthy();
    expect(await screen.findByText('No certificates yet')).toBeTruthy();
  });

  it('checks the settings beside each field before sending: the body when on, halves only, days within the event', async () => {
    const seen = server();
    const { user } = open();
    await user.click(await screen.findByRole('checkbox', { name: /Issue certificates of attendance/ }));
    await user.clear(screen.getByLabelText('CPD points'));
    await user.type(screen.getByLabelText('CPD points'), '6.3');
    await user.click(screen.getByRole('radio', { name: /number of the event's 2 days/ }));
    await user.clear(screen.getByLabelText('Minimum days'));
    await user.type(screen.getByLabelText('Minimum days'), '3');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Whole or half points only (e.g. 6 or 6.5)')).toBeTruthy();
    expect(screen.getByText('Name the accrediting body (e.g. ICPAK)')).toBeTruthy();
    expect(screen.getByText('This event runs over 2 days')).toBeTruthy();
    expect(screen.getByLabelText('CPD points').getAttribute('aria-invalid')).toBe('true');
    expect(seen.filter((r) => r.method === 'PUT')).toEqual([]);
  });

  it('saves the settings (half points, body, signatory, minimum days) and says when they issue', async () => {
    const seen = server({
      extra: (req) =>
        req.method === 'PUT' ? answer(200, settings({ ...(req.body as object), ended: false })) : undefined,
    });
    const { user } = open();
    await user.click(await screen.findByRole('checkbox', { name: /Issue certificates of attendance/ }));
    await user.clear(screen.getByLabelText('CPD points'));
    await user.type(screen.getByLabelText('CPD points'), '6.5');
    await user.type(screen.getByLabelText('Accrediting body'), 'ICPAK');
    await user.type(screen.getByLabelText('Signatory name (optional)'), 'Dr Achieng Oduya');
    await user.click(screen.getByRole('radio', { name: /number of the event's 2 days/ }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Certificates are on: they are issued when the event ends.')).toBeTruthy();
    expect(seen.find((r) => r.method === 'PUT')!.body).toEqual({
      enabled: true,
      cpd_points: 6.5,
      accrediting_body: 'ICPAK',
      signatory_name: 'Dr Achieng Oduya',
      signatory_title: null,
      min_days: 2,
    });
  });

  it("puts the server's field error beside its field", async () => {
    server({
      s: settings({ enabled: true, accrediting_body: 'ICPAK', cpd_points: 3 }),
      extra: (req) =>
        req.method === 'PUT'
          ? answer(400, { errors: [{ path: 'min_days', message: 'This event runs over 1 day' }] })
          : undefined,
    });
    const { user } = open();
    await user.click(await screen.findByRole('radio', { name: /number of the event's 2 days/ }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    const error = await screen.findByText('This event runs over 1 day');
    expect(error.id).toBe(screen.getByLabelText('Minimum days').getAttribute('aria-describedby'));
  });

  it('lists the register, and revokes and re-issues only after asking', async () => {
    let list = [
      certificate(),
      certificate({
        id: 30,
        number: 'CPD-7-0000',
        status: 'revoked',
        revoked_at: '2026-03-13T07:00:00.000Z',
        holder_name: 'Njoki Mũthoni',
      }),
    ];
    const seen = server({
      s: settings({ enabled: true, accrediting_body: 'ICPAK', ended: true, issued: 1, revoked: 1 }),
      extra: (req) => {
        if (req.path === `${BASE}/certificates/31/revoke`) {
          list = [certificate({ status: 'revoked', revoked_at: '2026-03-14T07:00:00.000Z' }), list[1]!];
          return answer(200, list[0]);
        }
        if (req.path === `${BASE}/certificates/31/reissue`)
          return answer(201, certificate({ id: 32, number: 'CPD-7-0002', source: 'reissue' }));
        if (req.path.startsWith(`${BASE}/certificates?`)) return answer(200, { data: list, total: list.length });
        return undefined;
      },
    });
    const { user } = open();
    const register = within(await screen.findByRole('list', { name: 'Certificates' }));
    expect(
      screen.getByText('1 certificate issued, 1 revoked. The CSV is the register a professional body asks for.'),
    ).toBeTruthy();
    expect(register.getByText('CPD-7-0001', { selector: 'span.font-mono' })).toBeTruthy();
    expect(register.getAllByText('Issued Fri, 13 Mar 2026 (after the event)')).toHaveLength(2);
    // A revoked one offers nothing to do.
    expect(register.queryByRole('button', { name: 'Revoke CPD-7-0000' })).toBeNull();

    await user.click(register.getByRole('button', { name: 'Re-issue CPD-7-0001' }));
    const ask = await screen.findByRole('dialog', { name: 'Re-issue CPD-7-0001?' });
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(seen.filter((r) => r.method === 'POST')).toEqual([]);
    await user.click(register.getByRole('button', { name: 'Re-issue CPD-7-0001' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke and issue a new one' }),
    );
    expect(await screen.findByText('CPD-7-0001 revoked; CPD-7-0002 issued to Wanjiku Kamau and mailed.')).toBeTruthy();

    await user.click(register.getByRole('button', { name: 'Revoke CPD-7-0001' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Revoke CPD-7-0001?' })).getByRole('button', {
        name: 'Revoke certificate',
      }),
    );
    expect(await screen.findByText('CPD-7-0001 revoked: its QR code now shows it as revoked.')).toBeTruthy();
    await waitFor(() => expect(register.queryByRole('button', { name: 'Revoke CPD-7-0001' })).toBeNull());
    expect(seen.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      `${BASE}/certificates/31/reissue`,
      `${BASE}/certificates/31/revoke`,
    ]);
  });

  it('filters by status and search, and shows an empty register for no match', async () => {
    const seen = server({ s: settings({ enabled: true, accrediting_body: 'ICPAK' }) });
    const { user } = open();
    expect(await screen.findByText('No certificates yet')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Revoked' }));
    expect(await screen.findByText('No revoked certificates')).toBeTruthy();
    await user.type(screen.getByLabelText('Search certificates'), 'zzz');
    expect(await screen.findByText('No certificate matches')).toBeTruthy();
    expect(seen.at(-1)!.path).toBe(`${BASE}/certificates?q=zzz&page=1&status=revoked`);
  });

  it('issues one by hand from the attendees, and says why beside the row when refused', async () => {
    const seen = server({
      s: settings({ enabled: true, accrediting_body: 'ICPAK', ended: true }),
      extra: (req) => {
        if (req.path.startsWith(`${BASE}/attendees`))
          return answer(200, {
            data: [attendee(), attendee({ id: 501, holder_name: 'Wanjiku Kamau', company: null })],
            total: 2,
          });
        if (req.method === 'POST' && req.path === `${BASE}/certificates`)
          return (req.body as { ticket_id: number }).ticket_id === 501
            ? answer(409, { code: 'certificate.already_issued' })
            : answer(
                201,
                certificate({ id: 40, number: 'CPD-7-0009', holder_name: 'Otieno Odhiambo', source: 'manual' }),
              );
        return undefined;
      },
    });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Issue by hand' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Issue a certificate by hand' }));
    await user.click(await dialog.findByRole('button', { name: 'Issue a certificate to Wanjiku Kamau' }));
    expect(
      await dialog.findByText('This ticket already has a certificate. Re-issue it from the register instead.'),
    ).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Issue a certificate to Otieno Odhiambo' }));
    expect(await screen.findByText('Certificate CPD-7-0009 issued to Otieno Odhiambo and mailed.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(seen.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      { ticket_id: 501 },
      { ticket_id: 503 },
    ]);
  });

  it('downloads the CSV register only after the password is entered again', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
    let confirmed = false;
    const seen = server({
      s: settings({ enabled: true, accrediting_body: 'ICPAK' }),
      extra: (req) => {
        if (req.path === '/v1/auth/confirm') {
          confirmed = true;
          return answer(200, { confirmed_until: '2026-03-01T08:05:00.000Z' });
        }
        if (req.path.startsWith(`${BASE}/certificates.csv`))
          return confirmed
            ? {
                status: 200,
                raw: 'number,name\n',
                headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="register.csv"' },
              }
            : answer(403, { code: 'auth.confirm_required' });
        return undefined;
      },
    });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Download CSV' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Enter your password again' }));
    await user.type(dialog.getByLabelText('Password'), 'secret');
    await user.click(dialog.getByRole('button', { name: 'Confirm and download' }));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalledTimes(1));
    expect(seen.filter((r) => r.path.startsWith(`${BASE}/certificates.csv`))).toHaveLength(2);
  });
});
