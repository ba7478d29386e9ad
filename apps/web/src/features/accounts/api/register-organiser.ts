import { useMutation } from '@tanstack/react-query';
import { registerOrganiserResponseSchema, type RegisterOrganiserBody } from '@tikiti/contract';
import { api } from '../../../lib/api-client';

/** POST v1/client/register → 201: the organisation and its owner; a code is mailed. Resolves to `{ username }`. */
export function useRegisterOrganiser() {
  return useMutation({
    mutationFn: (body: RegisterOrganiserBody) =>
      api('client/register', {
        method: 'POST',
        body,
        side: 'organiser',
        schema: registerOrganiserResponseSchema.shape.data,
      }),
  });
}
