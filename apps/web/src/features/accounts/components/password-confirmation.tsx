import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';

/**
 * The dialog, its form and its call load when first asked for: the accounts feature's index
 * (which the router loads on every first visit) stays free of zod and the dialog library.
 */
const PasswordDialog = lazy(() => import('./password-dialog'));

/**
 * For calls that need the password entered again (exporting attendee data: 403
 * `auth.confirm_required`, docs/security.md#re-entering-the-password): `withConfirmation(action)`
 * runs the action; when the API asks, it shows the dialog and, once the password is right, runs
 * the action again. Resolves undefined when the person cancels. Render `dialog` in the page.
 */
export function usePasswordConfirmation() {
  const [open, setOpen] = useState(false);
  const pending = useRef<((confirmed: boolean) => void) | null>(null);
  const withConfirmation = useCallback(async <T,>(action: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await action();
    } catch (err) {
      if (!(err instanceof ApiError) || err.code !== 'auth.confirm_required') throw err;
    }
    const confirmed = await new Promise<boolean>((resolve) => {
      pending.current = resolve;
      setOpen(true);
    });
    return confirmed ? action() : undefined;
  }, []);
  const onDone = (confirmed: boolean) => {
    setOpen(false);
    pending.current?.(confirmed);
    pending.current = null;
  };
  return {
    withConfirmation,
    dialog: open ? (
      <Suspense fallback={null}>
        <PasswordDialog open onDone={onDone} />
      </Suspense>
    ) : null,
  };
}
