import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  accountDeletedSchema,
  consentSchema,
  deletionRequestedSchema,
  myDataSchema,
  withdrawnSchema,
  type DeleteAccountBody,
  type MyData,
  type UpdateAccountBody,
} from '@tikiti/contract';
import { api, apiCall, apiDownload } from '../../../lib/api-client';

/**
 * A buyer's rights over their data (docs/product.md#my-data): what is held, a copy of it, the
 * corrections, news on or off, and deleting the account.
 */
export const myDataKey = ['buyer', 'my-data'] as const;

/** GET v1/account/privacy. */
export function useMyData() {
  return useQuery({
    queryKey: myDataKey,
    queryFn: ({ signal }) => api('account/privacy', { side: 'buyer', signal, schema: myDataSchema }),
  });
}

/** PUT v1/account: the name and phone corrected; answers the message to show. */
export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateAccountBody) => {
      const answer = await apiCall('account', { method: 'PUT', side: 'buyer', body, schema: myDataSchema });
      return answer;
    },
    onSuccess: ({ data }) => queryClient.setQueryData<MyData>(myDataKey, data),
  });
}

/** PUT v1/account/consent. */
export function useSetConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (marketing: boolean) =>
      apiCall('account/consent', { method: 'PUT', side: 'buyer', body: { marketing }, schema: consentSchema }),
    onSuccess: ({ data }) =>
      queryClient.setQueryData<MyData>(
        myDataKey,
        (old) => old && { ...old, marketing_consent: data.marketing_consent },
      ),
  });
}

/** GET v1/account/export: the ZIP, saved as the file the API names. */
export async function downloadMyData() {
  const { blob, fileName } = await apiDownload('account/export', { side: 'buyer' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName ?? 'tikiti-my-data.zip';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** POST v1/account/deletion: the code is mailed; answers the bookings still to come. */
export function useRequestDeletion() {
  return useMutation({
    mutationFn: () => apiCall('account/deletion', { method: 'POST', side: 'buyer', schema: deletionRequestedSchema }),
  });
}

/** DELETE v1/account. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (body: DeleteAccountBody) =>
      api('account', { method: 'DELETE', side: 'buyer', body, schema: accountDeletedSchema }),
  });
}

/** POST v1/consent/withdraw: the one-click link of a marketing mail, no sign-in. */
export function useWithdrawConsent() {
  return useMutation({
    mutationFn: (token: string) =>
      api('consent/withdraw', { method: 'POST', anonymous: true, body: { token }, schema: withdrawnSchema }),
  });
}
