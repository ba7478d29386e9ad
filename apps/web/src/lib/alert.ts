import { useSession, type AlertMessage } from '../app/store';

/**
 * The organiser alert banner (spec §8): one message at a time in client state. A message
 * set just before a navigation (a success that moves on, the 2.5 s redirect after a 409)
 * must survive that navigation; older messages are dropped when the visitor moves on.
 */
const CARRY_OVER_MS = 3000;
let lastShownAt = 0;

export function showAlert(type: AlertMessage['type'], text: string) {
  lastShownAt = Date.now();
  useSession.getState().set({ message: { type, text } });
}

export function clearAlert() {
  useSession.getState().set({ message: null });
}

/** True when the current message was set recently enough to carry over to the next page. */
export function alertIsFresh(): boolean {
  return Date.now() - lastShownAt < CARRY_OVER_MS;
}
