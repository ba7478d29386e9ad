import type { QueryClient } from '@tanstack/react-query';
import { clearAlert } from '../lib/alert';
import { setSessionEndHandler } from '../lib/api-client';
import { routes } from '../lib/routes';
import { connectSessionToApi, onSignOut, useSession } from '../features/accounts';
import { forgetDoorKits } from '../features/checkin';
import { useCheckout } from '../features/checkout';
import { useEventDrafts } from '../features/events';

/**
 * Wires the session at start-up (the app is the one place that knows every feature): the API
 * client gets the session, a 401/406 sends the visitor to the right sign-in page, a sign-in
 * drops the payments a guest's checkout made, and a sign-out drops what belonged to that session
 * in other features (a booking, an event draft, a banner message, the door's ticket lists).
 */
export function startSession(queryClient: QueryClient, navigate: (path: string) => Promise<void> | void) {
  connectSessionToApi();
  // docs/product.md#session-end: a 401/406 clears the token and goes to the matching sign-in page.
  setSessionEndHandler((side) => {
    queryClient.clear();
    void navigate(side === 'organiser' ? routes.signIn : side === 'operator' ? routes.operator : routes.login);
  });
  // A real sign-in after a guest's checkout: the payments made with the guest's checkout key are
  // not the account's to pay here (docs/product.md#guest-checkout); the next press books as the
  // account, which replaces a hold of the account's email.
  const stopSignIn = useSession.subscribe((now, before) => {
    if (now.token && !before.token) useCheckout.getState().dropPayments();
  });
  const stopSignOut = onSignOut(() => {
    useCheckout.getState().clear();
    useEventDrafts.getState().clear();
    clearAlert();
    void forgetDoorKits().catch(() => {
      // A browser that refuses the database: nothing was kept there either.
    });
  });
  return () => {
    stopSignIn();
    stopSignOut();
  };
}
