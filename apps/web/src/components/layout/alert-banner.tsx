import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { alertIsFresh, clearAlert, useAlert } from '../../lib/alert';
import { Alert } from '../ui/alert';

/**
 * The dismissible alert banner of the organiser pages (docs/product.md#error-messages). A message older than a
 * moment is dropped when the organiser moves to another page, so results never go stale.
 */
export function AlertBanner({ className }: { className?: string }) {
  const message = useAlert((s) => s.message);
  const { pathname } = useLocation();
  useEffect(() => {
    if (!alertIsFresh()) clearAlert();
  }, [pathname]);
  return (
    <div aria-live="polite" className={message ? className : undefined}>
      {message && (
        <Alert type={message.type} onDismiss={clearAlert}>
          {message.text}
        </Alert>
      )}
    </div>
  );
}
