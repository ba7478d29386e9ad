import { bookingCreatedSchema, type BookEventBody, type BookingCreated } from '@tikiti/contract';
import { apiCall } from '../../../lib/api-client';
import { useSession } from '../../accounts';

/**
 * POST v1/event/book (docs/product.md#checkout-and-payments): holds the tickets and creates the
 * payment; 201 with its client secret. A signed-in buyer books as themselves. A guest sends
 * their details, and the checkout key of their earlier booking on this device when there is one
 * (so the server knows whose unpaid hold the booking replaces); a guest's first booking hands a
 * new key back, kept in the session store apart from any sign-in (docs/product.md#guest-checkout).
 */
export async function bookEvent(body: BookEventBody): Promise<BookingCreated> {
  const answer = await apiCall('event/book', { method: 'POST', body, schema: bookingCreatedSchema, guest: true });
  if (answer.token) useSession.getState().keepCheckoutKey(answer.token);
  return answer.data;
}
