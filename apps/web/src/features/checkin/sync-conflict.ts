import type { DoorVerdict } from '@tikiti/contract';
import { formatTime } from '../../lib/format';

/** What the server said about a scan this device had admitted offline, when it disagrees. */
export interface SyncConflict {
  key: string;
  message: string;
  detail: string;
}

/**
 * The server's answer to one synced scan as a conflict to show on `device`, or null when it
 * agrees (or names this device's own earlier check-in) (docs/decisions/0011-offline-check-in.md).
 */
export function conflictOf(result: DoorVerdict & { local_id: string }, device: string): SyncConflict | null {
  if (result.result === 'already_checked_in' && result.checked_in_device === device) return null;
  const who = result.ticket
    ? `${result.ticket.holder_name} · ${result.ticket.ticket_type}`
    : 'A code this device admitted';
  const at = (iso: string | null) => (iso ? ` at ${formatTime(iso)}` : '');
  switch (result.result) {
    case 'admitted':
      return result.conflict
        ? {
            key: result.local_id,
            message: `This ticket was also admitted on ${result.conflict.device}; this device was first`,
            detail: `${who}${at(result.conflict.scanned_at)} there`,
          }
        : null;
    case 'already_checked_in':
      return {
        key: result.local_id,
        message: `This ticket was admitted earlier on ${result.checked_in_device ?? result.conflict?.device ?? 'another device'}`,
        detail: `${who}${at(result.checked_in_at)}`,
      };
    case 'refunded':
      return { key: result.local_id, message: 'This ticket was refunded: it no longer admits', detail: who };
    default:
      return { key: result.local_id, message: 'The server did not accept a code this device admitted', detail: who };
  }
}
