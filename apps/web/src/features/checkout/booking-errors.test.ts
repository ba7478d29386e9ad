import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { bookingErrorOf } from './booking-errors';

/** What the web makes of a refused booking is decided by the error's code, never by its words. */
const booking = {
  tickets: [
    { id: 11, qty: 2, name: 'Delegate' },
    { id: 12, qty: 5, name: 'VIP' },
  ],
};
const lineRefused = (code: ApiError['code'], message: string) =>
  bookingErrorOf(new ApiError(409, message, [{ path: 'tickets.1.qty', message }], code), booking);

describe('a refused booking, sorted for the form', () => {
  it('shows a sold-out or only-N-left line as the server wrote it, whatever its words', () => {
    expect(lineRefused('booking.only_n_left', 'Only 3 VIP tickets are left').lines).toEqual({
      12: 'Only 3 VIP tickets are left',
    });
    // Reworded without the type's name: the same code, the same handling.
    expect(lineRefused('booking.sold_out', 'None left, sorry').lines).toEqual({ 12: 'None left, sorry' });
    expect(lineRefused('booking.sold_out', 'None left, sorry').message).toBe('None left, sorry');
  });

  it('puts the type’s name before any other refusal of a line, even one whose words name it', () => {
    const refused = bookingErrorOf(
      new ApiError(
        400,
        'tickets.1.qty: Too many VIP',
        [{ path: 'tickets.1.qty', message: 'Too many VIP' }],
        'validation.invalid_field',
      ),
      booking,
    );
    expect(refused.lines).toEqual({ 12: 'VIP: Too many VIP' });
    expect(lineRefused(null, 'VIP is sold out').lines).toEqual({ 12: 'VIP: VIP is sold out' });
  });

  it('sends guest details and the M-Pesa number to their fields', () => {
    const refused = bookingErrorOf(
      new ApiError(
        400,
        'details.email_address: Enter a valid email address',
        [
          { path: 'details.email_address', message: 'Enter a valid email address' },
          { path: 'phone', message: 'M-Pesa does not know this number' },
        ],
        'validation.invalid_field',
      ),
      booking,
    );
    expect(refused).toMatchObject({
      details: { email_address: 'Enter a valid email address' },
      phone: 'M-Pesa does not know this number',
      lines: {},
    });
  });
});
