import { waitlistJoinedResponseSchema, type JoinWaitlistBody } from '@tikiti/contract';
import { api } from '../../../lib/api-client';

/**
 * POST v1/event/{id}/waitlist (docs/product.md#waiting-list): puts the person on a sold-out
 * type's list; 201 with their place. Public: the form is for anyone, signed in or not.
 */
export const joinWaitlist = (eventId: number, body: JoinWaitlistBody) =>
  api(`event/${eventId}/waitlist`, {
    method: 'POST',
    body,
    anonymous: true,
    schema: waitlistJoinedResponseSchema.shape.data,
  });
