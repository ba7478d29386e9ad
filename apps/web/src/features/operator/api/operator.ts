import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adjustmentResponseSchema,
  listOperatorOrganisationsResponseSchema,
  listOperatorPayoutsResponseSchema,
  listPayoutBatchesResponseSchema,
  operatorAuditResponseSchema,
  operatorOrganisationResponseSchema,
  operatorPayoutResponseSchema,
  operatorSettingsResponseSchema,
  payoutBatchResponseSchema,
  platformFiguresResponseSchema,
  type CreateAdjustmentBody,
  type CreatePayoutBatchBody,
  type OperatorSettings,
  type PayoutMethodType,
  type PayoutStatus,
  type PutOrganisationFeesBody,
  type RejectPayoutBody,
  type SettlePayoutBody,
  type SuspendOrganisationBody,
} from '@tikiti/contract';
import { api, apiCall } from '../../../lib/api-client';
import { saveDownload } from '../../../lib/save-download';

/** Every operator query starts with this key; a change refreshes them all (they are few and small). */
const OPERATOR = ['operator'] as const;
export const OPERATOR_PAGE_SIZE = 20;

const side = 'operator' as const;

function useOperatorMutation<Body, Out>(call: (body: Body) => Promise<Out>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: OPERATOR }) });
}

// ---- Organisations ----

export interface OrganisationFilters {
  q: string;
  state: '' | 'verified' | 'unverified' | 'suspended';
}

/** GET v1/operator/organisations?q&state&page&limit */
export function useOrganisations(filters: OrganisationFilters, page: number) {
  return useQuery({
    queryKey: [...OPERATOR, 'organisations', filters, page],
    queryFn: ({ signal }) =>
      api('operator/organisations', {
        side,
        signal,
        query: { q: filters.q.trim(), state: filters.state, page, limit: OPERATOR_PAGE_SIZE },
        schema: listOperatorOrganisationsResponseSchema.shape.data,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET v1/operator/organisations/{id}: with its payout method and balances. */
export function useOrganisation(id: number | null) {
  return useQuery({
    queryKey: [...OPERATOR, 'organisation', id],
    enabled: id !== null,
    queryFn: ({ signal }) =>
      api(`operator/organisations/${id}`, {
        side,
        signal,
        schema: operatorOrganisationResponseSchema.shape.data,
      }),
  });
}

const organisationCall = (id: number, action: string, body?: unknown, method: 'POST' | 'PUT' = 'POST') =>
  apiCall(`operator/organisations/${id}/${action}`, {
    method,
    body: body ?? {},
    side,
    schema: operatorOrganisationResponseSchema.shape.data,
  });

export const useVerifyOrganisation = () =>
  useOperatorMutation(({ id, verified }: { id: number; verified: boolean }) =>
    organisationCall(id, verified ? 'verify' : 'unverify'),
  );
export const useSuspendOrganisation = () =>
  useOperatorMutation(({ id, body }: { id: number; body: SuspendOrganisationBody }) =>
    organisationCall(id, 'suspend', body),
  );
export const useUnsuspendOrganisation = () =>
  useOperatorMutation(({ id }: { id: number }) => organisationCall(id, 'unsuspend'));
export const useSetFees = () =>
  useOperatorMutation(({ id, body }: { id: number; body: PutOrganisationFeesBody }) =>
    organisationCall(id, 'fees', body, 'PUT'),
  );

// ---- Payouts ----

export interface PayoutFilters {
  status: '' | PayoutStatus;
  method_type: '' | PayoutMethodType;
}

/** GET v1/operator/payouts?status&method_type: the queue. */
export function useOperatorPayouts(filters: PayoutFilters, page: number) {
  return useQuery({
    queryKey: [...OPERATOR, 'payouts', filters, page],
    queryFn: ({ signal }) =>
      api('operator/payouts', {
        side,
        signal,
        query: { ...filters, page, limit: OPERATOR_PAGE_SIZE },
        schema: listOperatorPayoutsResponseSchema.shape.data,
      }),
    placeholderData: keepPreviousData,
  });
}

const payoutCall = (id: number, action: string, body: unknown = {}) =>
  apiCall(`operator/payouts/${id}/${action}`, {
    method: 'POST',
    body,
    side,
    schema: operatorPayoutResponseSchema.shape.data,
  });

export const useApprovePayout = () => useOperatorMutation(({ id }: { id: number }) => payoutCall(id, 'approve'));
export const useRejectPayout = () =>
  useOperatorMutation(({ id, body }: { id: number; body: RejectPayoutBody }) => payoutCall(id, 'reject', body));
export const useSettlePayout = () =>
  useOperatorMutation(({ id, body }: { id: number; body: SettlePayoutBody }) => payoutCall(id, 'settle', body));

/** GET v1/operator/payout-batches */
export function usePayoutBatches(page: number) {
  return useQuery({
    queryKey: [...OPERATOR, 'batches', page],
    queryFn: ({ signal }) =>
      api('operator/payout-batches', {
        side,
        signal,
        query: { page, limit: OPERATOR_PAGE_SIZE },
        schema: listPayoutBatchesResponseSchema.shape.data,
      }),
    placeholderData: keepPreviousData,
  });
}

export const useCreateBatch = () =>
  useOperatorMutation((body: CreatePayoutBatchBody) =>
    apiCall('operator/payout-batches', {
      method: 'POST',
      body,
      side,
      schema: payoutBatchResponseSchema.shape.data,
    }),
  );

/** GET v1/operator/payout-batches/{id}.csv: the file for the bank. */
export const downloadBatchCsv = (id: number) =>
  saveDownload(`operator/payout-batches/${id}.csv`, `payout-batch-${id}.csv`, { side });

/** GET v1/operator/settings: the automatic approval thresholds. */
export function useOperatorSettings() {
  return useQuery({
    queryKey: [...OPERATOR, 'settings'],
    queryFn: ({ signal }) =>
      api('operator/settings', { side, signal, schema: operatorSettingsResponseSchema.shape.data }),
  });
}
export const useSaveOperatorSettings = () =>
  useOperatorMutation((body: OperatorSettings) =>
    apiCall('operator/settings', {
      method: 'PUT',
      body,
      side,
      schema: operatorSettingsResponseSchema.shape.data,
    }),
  );

// ---- Ledger, figures, audit ----

export const useCreateAdjustment = () =>
  useOperatorMutation((body: CreateAdjustmentBody) =>
    apiCall('operator/adjustments', { method: 'POST', body, side, schema: adjustmentResponseSchema.shape.data }),
  );

/** GET v1/operator/figures?from&to */
export function usePlatformFigures(range: { from: string; to: string }) {
  return useQuery({
    queryKey: [...OPERATOR, 'figures', range],
    queryFn: ({ signal }) =>
      api('operator/figures', {
        side,
        signal,
        query: range,
        schema: platformFiguresResponseSchema.shape.data,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET v1/operator/audit: every operator action, newest first. */
export function useOperatorAudit(page: number) {
  return useQuery({
    queryKey: [...OPERATOR, 'audit', page],
    queryFn: ({ signal }) =>
      api('operator/audit', {
        side,
        signal,
        query: { page, limit: OPERATOR_PAGE_SIZE },
        schema: operatorAuditResponseSchema.shape.data,
      }),
    placeholderData: keepPreviousData,
  });
}
