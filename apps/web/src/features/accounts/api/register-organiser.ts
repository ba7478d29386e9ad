import type { RegisterOrganiserBody } from '@tikiti/contract';
import { apiRequest } from '../../../lib/api-client';

/** POST v1/client/register → 201: the organisation and its owner; a code is mailed. */
export async function registerOrganiser(body: RegisterOrganiserBody) {
  return apiRequest<{ username: string }>('client/register', { method: 'POST', body, side: 'organiser' });
}
