import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { ApiError } from '../../../lib/api-client';
import { ticketFixture } from '../../../test-support/fixtures';
import { renderPage } from '../../../test-support/render';
import { checkCode, CodeForm, NEW_CODE } from './code-form';

const tickets = [ticketFixture(), ticketFixture({ id: 12, name: 'Speaker', hidden: true, price_per_ticket: 50 })];

function renderForm(onSave = vi.fn(async () => {})) {
  const view = renderPage(
    <CodeForm initial={NEW_CODE} tickets={tickets} currency="KES" saving={false} onSave={onSave} onCancel={() => {}} />,
  );
  return { ...view, onSave };
}

describe('the code form (docs/product.md#discount-codes)', () => {
  it('checks the code text and the money off beside their fields, and sends nothing', async () => {
    const { user, onSave } = renderForm();
    await user.type(screen.getByLabelText('Code buyers type'), 'no way!');
    await user.click(screen.getByRole('button', { name: 'Save code' }));
    expect(await screen.findByText('Use 3 to 30 letters, digits and hyphens')).toBeTruthy();
    expect(screen.getByText('A discount code needs a percent or an amount off')).toBeTruthy();
    await user.type(screen.getByLabelText('Percent off each ticket'), '150');
    expect(screen.queryByText('A discount code needs a percent or an amount off')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save code' }));
    expect(await screen.findByText('From 1 to 100')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('sends a percent code upper-cased with its ticket types, limits and window (Nairobi time)', async () => {
    const { user, onSave } = renderForm();
    await user.type(screen.getByLabelText('Code buyers type'), ' early-bird ');
    await user.type(screen.getByLabelText('Percent off each ticket'), '15');
    await user.click(screen.getByRole('checkbox', { name: 'Delegate' }));
    await user.type(screen.getByLabelText('Most uses (optional)'), '10');
    await user.type(screen.getByLabelText('Works until (optional)'), '2026-12-01T18:00');
    await user.click(screen.getByRole('button', { name: 'Save code' }));
    expect(onSave).toHaveBeenCalledWith({
      code: 'EARLY-BIRD',
      kind: 'discount',
      percent_off: 15,
      amount_off: null,
      ticket_type_ids: [11],
      max_uses: 10,
      max_per_booking: null,
      starts_at: null,
      ends_at: '2026-12-01T15:00:00.000Z',
    });
  });

  it('offers only hidden types to an access code, which may take nothing off', async () => {
    const { user, onSave } = renderForm();
    await user.type(screen.getByLabelText('Code buyers type'), 'speakers');
    await user.click(screen.getByRole('radio', { name: /Access/ }));
    expect(screen.queryByRole('checkbox', { name: 'Delegate' })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Speaker' }));
    await user.click(screen.getByRole('radio', { name: 'None' }));
    await user.click(screen.getByRole('button', { name: 'Save code' }));
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({
        code: 'SPEAKERS',
        kind: 'access',
        percent_off: null,
        amount_off: null,
        ticket_type_ids: [12],
      }),
    );
  });

  it('shows the server’s refusal of a code already used beside the code', async () => {
    const onSave = vi.fn(async () => {
      throw new ApiError(
        409,
        'This event already has that code',
        [{ path: 'code', message: 'This event already has that code' }],
        'code.duplicate',
      );
    });
    const { user } = renderForm(onSave);
    await user.type(screen.getByLabelText('Code buyers type'), 'SAVE10');
    await user.type(screen.getByLabelText('Percent off each ticket'), '10');
    await user.click(screen.getByRole('button', { name: 'Save code' }));
    const field = screen.getByLabelText('Code buyers type');
    expect((await screen.findByText('This event already has that code')).id).toBe(
      field.getAttribute('aria-describedby'),
    );
    expect((field as HTMLInputElement).value).toBe('SAVE10');
  });

  it('reads a whole-shilling amount off and refuses one with cents', () => {
    const amount = { ...NEW_CODE, code: 'LESS500', off: 'amount' as const };
    expect(checkCode({ ...amount, amount_off: '500' })).toMatchObject({ body: { amount_off: 500, percent_off: null } });
    expect(checkCode({ ...amount, amount_off: '' })).toEqual({
      errors: { amount_off: 'A discount code needs a percent or an amount off' },
    });
    expect(checkCode({ ...amount, amount_off: 'lots' })).toEqual({ errors: { amount_off: 'Enter a number' } });
  });
});
