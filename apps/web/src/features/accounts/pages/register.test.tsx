import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { useAlert } from '../../../lib/alert';
import { findBanner } from '../../../test-support/banner';
import { answer, mockFetch } from '../../../test-support/fetch';
import { renderPage } from '../../../test-support/render';
import { useAccountDrafts } from '../account-drafts';
import RegisterDetailsPage from './register-details-page';
import RegisterPage from './register-page';

const person = {
  first_name: 'Amina',
  last_name: 'Otieno',
  msisdn: '+254712345678',
  email_address: 'amina@example.co.ke',
};

afterEach(() => useAccountDrafts.setState({ registration: null, resetUsername: null }));

describe('organiser registration step 1 (docs/product.md#validation-rules)', () => {
  const open = () => renderPage(<RegisterPage />, { path: '/organizer/register' });

  it('needs first name, last name, phone and email: All fields are required', async () => {
    const { user } = open();
    await user.type(screen.getByLabelText('First name'), 'Amina');
    await user.type(screen.getByLabelText('Last name'), 'Otieno');
    await user.type(screen.getByLabelText('Email'), 'amina@example.co.ke');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await findBanner('All fields are required');
    expect(useAccountDrafts.getState().registration).toBeNull();
  });

  it('takes the banner away once the missing field is filled in, and keeps what was typed', async () => {
    const { user } = open();
    await user.type(screen.getByLabelText('First name'), 'Amina');
    await user.type(screen.getByLabelText('Last name'), 'Otieno');
    await user.type(screen.getByLabelText('Email'), 'amina@example.co.ke');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await findBanner('All fields are required');
    await user.type(screen.getByLabelText('Phone'), '0712345678');
    await waitFor(() => expect(useAlert.getState().message).toBeNull());
    expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Amina');
  });

  it('keeps a complaint that is not about the fields while the form stays wrong', async () => {
    const { user } = open();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await findBanner('All fields are required');
    await user.type(screen.getByLabelText('First name'), 'Amina');
    expect(useAlert.getState().message?.text).toBe('All fields are required');
  });

  it('keeps the person as a draft and moves on to step 2', async () => {
    const { user } = open();
    await user.type(screen.getByLabelText('First name'), person.first_name);
    await user.type(screen.getByLabelText('Last name'), person.last_name);
    await user.type(screen.getByLabelText('Phone'), person.msisdn);
    await user.type(screen.getByLabelText('Email'), person.email_address);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByTestId('landed')).textContent).toBe('/organizer/register-details');
    expect(useAccountDrafts.getState().registration).toEqual(person);
  });
});

describe('organiser registration step 2 (docs/product.md#validation-rules)', () => {
  const open = () => renderPage(<RegisterDetailsPage />, { path: '/organizer/register-details' });

  async function fillOrganisation(user: ReturnType<typeof open>['user']) {
    await user.type(screen.getByLabelText('Organization name'), 'Fintech Kenya Ltd');
    await user.type(screen.getByLabelText('Display name'), 'Fintech Kenya');
    await user.type(screen.getByLabelText('Organisation email'), 'events@fintech.co.ke');
    await user.type(screen.getByLabelText('Organisation phone'), '+254700000001');
  }

  it('goes back to step 1 without its data (docs/product.md#organiser-flows)', async () => {
    open();
    expect((await screen.findByTestId('landed')).textContent).toBe('/organizer/register');
  });

  it('needs every organisation field: All fields are required', async () => {
    useAccountDrafts.getState().setRegistration(person);
    const seen = mockFetch(() => answer(201, { username: person.email_address }));
    const { user } = open();
    await user.type(screen.getByLabelText('Organization name'), 'Fintech Kenya Ltd');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Create organiser account' }));
    await findBanner('All fields are required');
    expect(seen).toEqual([]);
  });

  it('needs the terms accepted: Accept terms of service to proceed', async () => {
    useAccountDrafts.getState().setRegistration(person);
    const seen = mockFetch(() => answer(201, { username: person.email_address }));
    const { user } = open();
    await fillOrganisation(user);
    await user.click(screen.getByRole('button', { name: 'Create organiser account' }));
    await findBanner('Accept terms of service to proceed');
    expect(seen).toEqual([]);
  });

  it('creates the account from both steps and goes on to verify it', async () => {
    useAccountDrafts.getState().setRegistration(person);
    const seen = mockFetch(() => answer(201, { username: 'amina@example.co.ke' }));
    const { user } = open();
    await fillOrganisation(user);
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Create organiser account' }));

    expect((await screen.findByTestId('landed')).textContent).toBe('/organizer/reset');
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      method: 'POST',
      path: '/v1/client/register',
      body: {
        ...person,
        organization_name: 'Fintech Kenya Ltd',
        display_name: 'Fintech Kenya',
        organization_email_address: 'events@fintech.co.ke',
        organization_msisdn: '+254700000001',
      },
    });
    expect(seen[0]!.body).not.toHaveProperty('terms');
    expect(useAccountDrafts.getState()).toMatchObject({ registration: null, resetUsername: 'amina@example.co.ke' });
    expect(useAlert.getState().message).toEqual({
      type: 'success',
      text: 'Registration succeeded, a code was sent to your email amina@example.co.ke',
    });
  });

  it('shows the server’s message when the account cannot be created', async () => {
    useAccountDrafts.getState().setRegistration(person);
    mockFetch(() => answer(400, null, { description: 'Organisation name is taken' }));
    const { user } = open();
    await fillOrganisation(user);
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Create organiser account' }));
    await findBanner('Organisation name is taken');
    expect(useAccountDrafts.getState().registration).toEqual(person);
  });
});
