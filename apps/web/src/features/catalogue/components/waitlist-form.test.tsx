import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { answer, mockFetch } from '../../../test-support/fetch';
import { renderPage } from '../../../test-support/render';
import WaitlistForm from './waitlist-form';

const blank = { full_name: '', email_address: '', msisdn: '' };
const renderForm = (known = blank) =>
  renderPage(<WaitlistForm eventId={7} ticket={{ id: 12, name: 'Workshop' }} known={known} onClose={() => {}} />);

describe('Join the waiting list (docs/product.md#waiting-list)', () => {
  it('says beside each field what is missing or wrong, sends nothing, and keeps what was typed', async () => {
    const seen = mockFetch(() => answer(500, null));
    const { user } = renderForm();
    const form = screen.getByRole('form', { name: 'Join the waiting list for Workshop' });
    await user.type(within(form).getByLabelText('Full name'), 'Kamau Waweru');
    await user.type(within(form).getByLabelText('Phone'), '0722 000 111');
    const many = within(form).getByLabelText('How many tickets');
    await user.clear(many);
    await user.type(many, '25');
    await user.click(within(form).getByRole('button', { name: 'Join the waiting list' }));
    expect(await within(form).findByText('Enter your email')).toBeTruthy();
    expect(within(form).getByText('At most 20')).toBeTruthy();
    expect((within(form).getByLabelText('Full name') as HTMLInputElement).value).toBe('Kamau Waweru');
    expect(seen).toEqual([]);
    await user.type(within(form).getByLabelText('Email'), 'not-an-email');
    expect(within(form).queryByText('Enter your email')).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Join the waiting list' }));
    expect(within(form).getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(seen).toEqual([]);
  });

  it('joins with the typed details and says the place in line', async () => {
    const seen = mockFetch(() => answer(201, { ticket_type_id: 12, quantity: 2, position: 3 }));
    const { user } = renderForm({
      full_name: 'Kamau Waweru',
      email_address: 'kamau@example.co.ke',
      msisdn: '0722000111',
    });
    const many = screen.getByLabelText('How many tickets');
    await user.clear(many);
    await user.type(many, '2');
    await user.click(screen.getByRole('button', { name: 'Join the waiting list' }));
    expect(await screen.findByText('You are on the waiting list')).toBeTruthy();
    expect(screen.getByText(/You are 3rd in line for 2 Workshop tickets/)).toBeTruthy();
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'POST', path: '/v1/event/7/waitlist' });
    expect(seen[0]!.body).toEqual({
      full_name: 'Kamau Waweru',
      email_address: 'kamau@example.co.ke',
      msisdn: '0722000111',
      ticket_type_id: 12,
      quantity: 2,
    });
  });

  it('shows a refusal above the button and keeps the form as it was', async () => {
    mockFetch(() =>
      answer(409, { code: 'waitlist.already_joined' }, { description: 'You are already on this waiting list.' }),
    );
    const { user } = renderForm({
      full_name: 'Kamau Waweru',
      email_address: 'kamau@example.co.ke',
      msisdn: '0722000111',
    });
    await user.click(screen.getByRole('button', { name: 'Join the waiting list' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You are already on this waiting list.');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('kamau@example.co.ke');
  });
});
