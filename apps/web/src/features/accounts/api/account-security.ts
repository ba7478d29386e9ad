import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  accountSessionSchema,
  confirmedSchema,
  endOtherSessionsSchema,
  recoveryCodesSchema,
  totpSetupSchema,
  type ChangePasswordBody,
  type DisableTotpBody,
} from '@tikiti/contract';
import { api, apiCall } from '../../../lib/api-client';
import { securityKeys, type StaffSide } from './security-keys';

/**
 * The organiser's own security (docs/product.md#account-security): two-factor sign-in, sessions,
 * a new password, and the password entered again before attendee data is downloaded. Calls that
 * rotate the token hand the new one back in `auth`; the API client keeps it.
 */
// GET v1/auth/totp is `useTotpStatus` in totp-status.ts (its schema loaded with the answer).

/** POST v1/auth/totp/setup: a new secret and its QR code, shown once. */
export function useSetupTotp(side: StaffSide = 'organiser') {
  return useMutation({
    mutationFn: () => api('auth/totp/setup', { method: 'POST', side, schema: totpSetupSchema }),
  });
}

/** POST v1/auth/totp/enable: the first code turns it on; answers the recovery codes. */
export function useEnableTotp(side: StaffSide = 'organiser') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      api('auth/totp/enable', { method: 'POST', side, body: { code }, schema: recoveryCodesSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKeys.totp }),
  });
}

/** POST v1/auth/totp/disable. */
export function useDisableTotp(side: StaffSide = 'organiser') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: DisableTotpBody) =>
      (await apiCall('auth/totp/disable', { method: 'POST', side, body, schema: z.null() })).message,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKeys.totp }),
  });
}

/** GET v1/auth/sessions. */
export function useSessions() {
  return useQuery({
    queryKey: securityKeys.sessions,
    queryFn: ({ signal }) => api('auth/sessions', { side: 'organiser', signal, schema: z.array(accountSessionSchema) }),
  });
}

/** DELETE v1/auth/sessions/{id}. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      (await apiCall(`auth/sessions/${id}`, { method: 'DELETE', side: 'organiser', schema: z.null() })).message,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKeys.sessions }),
  });
}

/** DELETE v1/auth/sessions: every other session. */
export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await apiCall('auth/sessions', { method: 'DELETE', side: 'organiser', schema: endOtherSessionsSchema })).message,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKeys.sessions }),
  });
}

/** POST v1/auth/password/change: every other session ends. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ChangePasswordBody) =>
      (await apiCall('auth/password/change', { method: 'POST', side: 'organiser', body, schema: z.null() })).message,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKeys.sessions }),
  });
}

/** POST v1/auth/confirm: the password again, so this session may download attendee data for a few minutes. */
export const confirmPassword = (password: string) =>
  api('auth/confirm', { method: 'POST', side: 'organiser', body: { password }, schema: confirmedSchema });
