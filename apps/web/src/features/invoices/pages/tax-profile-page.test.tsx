import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { answer, mockFetch } from '../../../test-support/fetch';
import { renderPage } from '../../../test-support/render';
import { useSession } from '../../accounts';
import TaxProfilePage from './tax-profile-page';

const saved = {
  legal_name: 'Fintech Kenya Limited',
  kra_pin: 'P051234567X',
  physical_address: 'Westlands, Nairobi',
  vat_registered: true,
  invoice_prefix: 'FK',
  bank_name: 'KCB',
  bank_branch: 'Sarit Centre',
  bank_account_name: 'Fintech Kenya Ltd',
  bank_account_number: '1234567890',
  updated_at: '2026-11-20T07:00:00.000Z',
};
const noProfile = { profile: null, vat_rate_percent: 16, paybill: '600100' };

function signIn() {
  useSession.getState().signIn('tok', 'organizer', { fn: 'A', ln: 'O' });
}

describe('Settings, Tax profile (docs/product.md#tax-documents)', () => {
  it('says there is no profile yet, upper-cases the KRA PIN as typed and saves it', async () => {
    signIn();
    const seen = mockFetch((req) =>
      req.method === 'PUT'
        ? answer(200, { ...noProfile, profile: { ...saved, invoice_prefix: 'INV' } })
        : answer(200, noProfile),
    );
    const { user } = renderPage(<TaxProfilePage />, { path: '/organizer/tax-profile' });
    expect(await screen.findByText(/No tax profile yet/)).toBeTruthy();
    expect(screen.getByText('600100')).toBeTruthy();
    await user.type(screen.getByLabelText('Legal name'), 'Fintech Kenya Limited');
    const pin = screen.getByLabelText<HTMLInputElement>('KRA PIN');
    await user.type(pin, 'p051234567x');
    expect(pin.value).toBe('P051234567X');
    await user.type(screen.getByLabelText('Physical address'), 'Westlands, Nairobi');
    await user.click(screen.getByLabelText(/VAT-registered/));
    await user.click(screen.getByRole('button', { name: 'Save tax profile' }));
    await waitFor(() => expect(seen.some((r) => r.method === 'PUT')).toBe(true));
    expect(seen.find((r) => r.method === 'PUT')!.body).toMatchObject({
      legal_name: 'Fintech Kenya Limited',
      kra_pin: 'P051234567X',
      physical_address: 'Westlands, Nairobi',
      vat_registered: true,
      invoice_prefix: 'INV',
      bank_name: null,
    });
  });

  it('refuses a KRA PIN without its final letter beside the field, on blur, and sends nothing', async () => {
    signIn();
    const seen = mockFetch(() => answer(200, noProfile));
    const { user } = renderPage(<TaxProfilePage />, { path: '/organizer/tax-profile' });
    const pin = await screen.findByLabelText('KRA PIN');
    await user.type(pin, 'P0512345678');
    await user.tab();
    expect(await screen.findByText(/A KRA PIN is a letter, nine digits and a letter/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save tax profile' }));
    expect(await screen.findByText('Enter the legal name')).toBeTruthy();
    expect(screen.getByText('Enter the physical address')).toBeTruthy();
    expect(seen.filter((r) => r.method === 'PUT')).toHaveLength(0);
  });

  it('shows the saved profile, and puts the server’s refusal beside the field it names', async () => {
    signIn();
    mockFetch((req) =>
      req.method === 'PUT'
        ? answer(400, { errors: [{ path: 'invoice_prefix', message: 'Prefix taken by the credit notes' }] })
        : answer(200, { ...noProfile, profile: saved }),
    );
    const { user } = renderPage(<TaxProfilePage />, { path: '/organizer/tax-profile' });
    expect(await screen.findByDisplayValue('Fintech Kenya Limited')).toBeTruthy();
    expect(screen.getByDisplayValue('P051234567X')).toBeTruthy();
    expect(screen.queryByText(/No tax profile yet/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save tax profile' }));
    expect(await screen.findByText('Prefix taken by the credit notes')).toBeTruthy();
  });

  it('offers a retry when the profile cannot load', async () => {
    signIn();
    let calls = 0;
    mockFetch(() =>
      ++calls === 1 ? answer(500, {}, { description: 'Database unavailable' }) : answer(200, noProfile),
    );
    const { user } = renderPage(<TaxProfilePage />, { path: '/organizer/tax-profile' });
    expect(await screen.findByText('Database unavailable')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/No tax profile yet/)).toBeTruthy();
  });
});
