import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  balanceResponseSchema,
  ledgerResponseSchema,
  listPayoutsSchema,
  payoutMethodStateSchema,
  payoutSchema,
  type PutPayoutMethodBody,
  type RequestPayoutBody,
} from '@tikiti/contract';
import { api, apiCall } from '../../../lib/api-client';
import { saveDownload } from '../../../lib/save-download';

/** Every query of the Money page starts with this key: a payout or a new method refreshes them all. */
const MONEY = ['organiser', 'money'] as const;

export const PAYOUTS_PAGE_SIZE = 10;

/** GET v1/client/balance: one row per currency, major units (docs/product.md#balances). */
export function useBalance() {
  return useQuery({
    queryKey: [...MONEY, 'balance'],
    queryFn: ({ signal }) =>
      api('client/balance', { side: 'organiser', signal, schema: balanceResponseSchema.shape.data }),
  });
}

/** The ledger's range: Nairobi days, both included; blank means the API's default (the last 30 days). */
export interface LedgerRange {
  from: string;
  to: string;
}

/** GET v1/client/ledger?from&to: the organisation's entries, newest first. */
export function useLedger(range: LedgerRange) {
  return useQuery({
    queryKey: [...MONEY, 'ledger', range],
    queryFn: ({ signal }) =>
      api('client/ledger', {
        side: 'organiser',
        signal,
        query: { from: range.from, to: range.to },
        schema: ledgerResponseSchema.shape.data,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET v1/client/ledger.csv with the same range. */
export const downloadLedgerCsv = (range: LedgerRange) =>
  saveDownload('client/ledger.csv', 'ledger.csv', { side: 'organiser', query: { from: range.from, to: range.to } });

/** GET v1/client/statements/{YYYY-MM}.pdf or .csv: a month's statement. */
export const downloadStatement = (month: string, format: 'pdf' | 'csv') =>
  saveDownload(`client/statements/${month}.${format}`, `statement-${month}.${format}`, { side: 'organiser' });

/** GET v1/client/payouts: newest first, a page at a time. */
export function usePayouts(page: number) {
  return useQuery({
    queryKey: [...MONEY, 'payouts', page],
    queryFn: ({ signal }) =>
      api('client/payouts', {
        side: 'organiser',
        signal,
        query: { page, limit: PAYOUTS_PAGE_SIZE },
        schema: listPayoutsSchema,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET v1/client/payout-method: the method (null until set) and until when payouts wait after a change. */
export function usePayoutMethod() {
  return useQuery({
    queryKey: [...MONEY, 'payout-method'],
    queryFn: ({ signal }) =>
      api('client/payout-method', { side: 'organiser', signal, schema: payoutMethodStateSchema }),
  });
}

/** PUT v1/client/payout-method (the owner, password again): payouts then wait 48 hours. */
export function useSetPayoutMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PutPayoutMethodBody) =>
      apiCall('client/payout-method', { method: 'PUT', body, side: 'organiser', schema: payoutMethodStateSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MONEY }),
  });
}

/** POST v1/client/payouts (the owner): some or all of the available balance. */
export function useRequestPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestPayoutBody) =>
      apiCall('client/payouts', { method: 'POST', body, side: 'organiser', schema: payoutSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MONEY }),
  });
}
