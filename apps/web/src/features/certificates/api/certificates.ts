import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  certificateResponseSchema,
  certificateSettingsResponseSchema,
  listAttendeesDataSchema,
  listCertificatesResponseSchema,
  type CertificateSettingsBody,
  type CertificateStatus,
} from '@tikiti/contract';
import { api } from '../../../lib/api-client';
import { saveDownload } from './download';

/**
 * The certificates of attendance of one event (docs/product.md#certificates-of-attendance):
 * its settings, its register, and the organiser's issue, re-issue and revoke. Every change asks
 * the settings (their counts) and the register again.
 */
export const certificatesKeys = {
  event: (eventId: number) => ['organiser', 'certificates', eventId] as const,
};

/** GET v1/client/event/{id}/certificate-settings. */
export function useCertificateSettings(eventId: number) {
  return useQuery({
    queryKey: [...certificatesKeys.event(eventId), 'settings'],
    queryFn: ({ signal }) =>
      api(`client/event/${eventId}/certificate-settings`, {
        side: 'organiser',
        signal,
        schema: certificateSettingsResponseSchema.shape.data,
      }),
  });
}

function useCertificatesMutation<TVariables, TData>(eventId: number, mutationFn: (v: TVariables) => Promise<TData>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: certificatesKeys.event(eventId) }),
  });
}

/** PUT v1/client/event/{id}/certificate-settings (the whole settings); answers them as saved. */
export function useSaveCertificateSettings(eventId: number) {
  return useCertificatesMutation(eventId, (body: CertificateSettingsBody) =>
    api(`client/event/${eventId}/certificate-settings`, {
      method: 'PUT',
      side: 'organiser',
      body,
      schema: certificateSettingsResponseSchema.shape.data,
    }),
  );
}

export interface RegisterParams {
  q: string;
  page: number;
  status?: CertificateStatus;
}

/** GET v1/client/event/{id}/certificates: the register, newest first. */
export function useCertificates(eventId: number, { q, page, status }: RegisterParams) {
  return useQuery({
    queryKey: [...certificatesKeys.event(eventId), 'list', q, page, status],
    queryFn: ({ signal }) =>
      api(`client/event/${eventId}/certificates`, {
        side: 'organiser',
        signal,
        query: { q, page, status },
        schema: listCertificatesResponseSchema.shape.data,
      }),
    placeholderData: keepPreviousData,
  });
}

/** POST v1/client/event/{id}/certificates: one issued by hand to a ticket the door missed. */
export function useIssueCertificate(eventId: number) {
  return useCertificatesMutation(eventId, (ticketId: number) =>
    api(`client/event/${eventId}/certificates`, {
      method: 'POST',
      side: 'organiser',
      body: { ticket_id: ticketId },
      schema: certificateResponseSchema.shape.data,
    }),
  );
}

/** POST …/certificates/{certificate_id}/reissue (answers the new one) or …/revoke (answers the revoked one). */
export function useChangeCertificate(eventId: number) {
  return useCertificatesMutation(eventId, ({ id, action }: { id: number; action: 'reissue' | 'revoke' }) =>
    api(`client/event/${eventId}/certificates/${id}/${action}`, {
      method: 'POST',
      side: 'organiser',
      schema: certificateResponseSchema.shape.data,
    }),
  );
}

/** GET v1/client/event/{id}/attendees: the tickets a certificate can be issued to by hand. */
export function useAttendeesToIssue(eventId: number, q: string) {
  return useQuery({
    queryKey: [...certificatesKeys.event(eventId), 'attendees', q],
    queryFn: ({ signal }) =>
      api(`client/event/${eventId}/attendees`, {
        side: 'organiser',
        signal,
        query: { q, page: 1 },
        schema: listAttendeesDataSchema,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Downloads the register GET v1/client/event/{id}/certificates.csv (every match of the list shown). */
export const downloadRegister = (eventId: number, { q, status }: Omit<RegisterParams, 'page'>) =>
  saveDownload(`client/event/${eventId}/certificates.csv`, { query: { q, status }, fallbackName: 'certificates.csv' });
