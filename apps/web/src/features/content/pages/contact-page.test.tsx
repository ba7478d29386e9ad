import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { answer, mockFetch } from '../../../test-support/fetch';
import { renderPage } from '../../../test-support/render';
import ContactPage from './contact-page';

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('contact form (docs/product.md#validation-rules: name, email and message required)', () => {
  const open = () => renderPage(<ContactPage />, { path: '/talk-to-us' });

  it('sends nothing until name, email and message are given', async () => {
    const seen = mockFetch(() => answer(201, { id: 1 }));
    const { user } = open();
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(field('Email').getAttribute('aria-invalid')).toBe('true');
    expect(field('Message').getAttribute('aria-invalid')).toBe('true');
    await user.type(field('Name'), 'Amina Otieno');
    await user.type(field('Email'), 'not-an-email');
    await user.type(field('Message'), 'Do you support M-Pesa?');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(field('Email').getAttribute('aria-invalid')).toBe('true');
    expect(seen).toEqual([]);
  });

  it('sends the message, thanks the visitor and empties the form', async () => {
    const seen = mockFetch(() => answer(201, { id: 9 }));
    const { user } = open();
    await user.type(field('Name'), 'Amina Otieno');
    await user.type(field('Email'), 'amina@example.co.ke');
    await user.type(field('Message'), 'Do you support M-Pesa?');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText(/Thank you, your message has been sent/)).toBeTruthy();
    expect(seen[0]).toMatchObject({
      method: 'POST',
      path: '/v1/contact',
      body: { name: 'Amina Otieno', email: 'amina@example.co.ke', message: 'Do you support M-Pesa?' },
    });
    expect(field('Name').value).toBe('');
  });

  it('puts the server’s field errors on their fields and keeps what was typed', async () => {
    mockFetch(() =>
      answer(
        400,
        { errors: [{ path: 'body.email', message: 'This address cannot receive mail' }] },
        { description: 'Invalid' },
      ),
    );
    const { user } = open();
    await user.type(field('Name'), 'Amina Otieno');
    await user.type(field('Email'), 'amina@example.co.ke');
    await user.type(field('Message'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('This address cannot receive mail')).toBeTruthy();
    expect(field('Message').value).toBe('Hello');
  });
});
