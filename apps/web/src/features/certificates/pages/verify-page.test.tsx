import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { VerifyCertificateAnswer } from '@tikiti/contract';
import { answer, mockFetch } from '../../../test-support/fetch';
import { renderPage } from '../../../test-support/render';
import { useSession } from '../../accounts';
import VerifyPage from './verify-page';

const CODE = 'TC1.AzK5YA.c2lnbmF0dXJl';
const open = () => renderPage(<VerifyPage />, { path: '/verify/:code', at: `/verify/${CODE}` });

function server(a: VerifyCertificateAnswer | null) {
  return mockFetch((req) =>
    req.path === `/v1/certificates/verify/${CODE}`
      ? a
        ? answer(200, a)
        : answer(503, null, { description: 'Tikiti is busy' })
      : answer(404, null),
  );
}

describe('the public verification page (docs/product.md#certificates-of-attendance)', () => {
  it('valid: who, what, when, points, body and organiser; no session is sent', async () => {
    useSession.getState().signIn('buyer-token', 'user', { fn: 'A', ln: 'B' });
    const seen = server({
      result: 'valid',
      certificate: {
        number: 'CPD-7-0001',
        holder_name: 'Wanjirũ Njoroge',
        event_title: 'East Africa Fintech Summit',
        start_time: '2026-03-12T06:00:00.000Z',
        end_time: '2026-03-13T14:00:00.000Z',
        cpd_points: 6.5,
        accrediting_body: 'ICPAK',
        organiser: 'Fintech Kenya',
        issued_at: '2026-03-13T15:00:00.000Z',
      },
      revoked: null,
    });
    open();
    expect(screen.getByRole('status', { name: 'Checking the certificate' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Valid certificate' })).toBeTruthy();
    for (const text of ['Wanjirũ Njoroge', 'East Africa Fintech Summit', '6.5', 'ICPAK', 'Fintech Kenya', 'CPD-7-0001'])
      expect(screen.getByText(text)).toBeTruthy();
    expect(screen.getByText(/12.*13 Mar 2026/)).toBeTruthy();
    expect(seen[0]!.headers.Auth).toBeUndefined();
  });

  it('revoked: the number and when, nothing of the holder', async () => {
    server({
      result: 'revoked',
      certificate: null,
      revoked: { number: 'CPD-7-0001', revoked_at: '2026-03-14T07:00:00.000Z' },
    });
    open();
    expect(await screen.findByRole('heading', { name: 'Revoked certificate' })).toBeTruthy();
    expect(screen.getByText('CPD-7-0001')).toBeTruthy();
    expect(screen.getByText(/revoked on Sat, 14 Mar 2026/)).toBeTruthy();
  });

  it('not valid: says so plainly', async () => {
    server({ result: 'not_valid', certificate: null, revoked: null });
    open();
    expect(await screen.findByRole('heading', { name: 'Not a valid certificate' })).toBeTruthy();
  });

  it('a failed check offers a retry, and never says "not valid"', async () => {
    server(null);
    open();
    expect(await screen.findByText('Tikiti is busy')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.queryByText('Not a valid certificate')).toBeNull();
  });
});
