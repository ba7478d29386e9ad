import { sandboxConfirmResultSchema, type SandboxConfirmBody, type SandboxConfirmResult } from '@tikiti/contract';
import { api } from '../../../lib/api-client';

/**
 * POST v1/payments/sandbox/confirm: pays a sandbox payment with one of the published test
 * cards. Callers check the number with `isSandboxCard` first, so no other number is ever sent.
 */
export function confirmSandboxPayment(body: SandboxConfirmBody): Promise<SandboxConfirmResult> {
  return api('payments/sandbox/confirm', { method: 'POST', body, schema: sandboxConfirmResultSchema });
}
