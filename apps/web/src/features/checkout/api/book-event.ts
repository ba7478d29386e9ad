import { bookingCreatedSchema, type BookEventBody, type BookingCreated } from '@tikiti/contract';
import { apiCall } from '../../../lib/api-client';
import { useSession } from '../../accounts';

/** "Wanjiku Njeri Kamau" → { fn: 'Wanjiku', ln: 'Njeri Kamau' }, for the top bar of a guest's new session. */
function nameOf(fullName: string) {
  const [fn = '', ...rest] = fullName.trim().split(/\s+/);
  return { fn, ln: rest.join(' ') };
}

/**
 * POST v1/event/book (docs/product.md#checkout-and-payments): holds the tickets and creates the
 * payment; 201 with its client secret. A guest books without a session (`details` say who they
 * are) and gets a buyer token back in `auth`, kept as the session so the guarded success and
 * e-ticket pages open; a signed-in buyer books as themselves.
 */
export async function bookEvent(body: BookEventBody): Promise<BookingCreated> {
  const guest = body.details !== undefined;
  const answer = await apiCall('event/book', {
    method: 'POST',
    body,
    schema: bookingCreatedSchema,
    anonymous: guest,
  });
  if (guest && answer.token) useSession.getState().signIn(answer.token, 'user', nameOf(body.details!.full_name));
  return answer.data;
}
