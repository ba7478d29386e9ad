import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '../../app/store';
import { alertIsFresh } from '../../lib/alert';
import { Alert } from '../ui/alert';

/**
 * The dismissible alert banner of the organiser pages (spec §2, §8). A message older than a
 * moment is dropped when the organiser moves to another page, so results never go stale.
 */
export function AlertBanner({ className }: { className?: string }) {
  const message = useSession((s) => s.message);
  const set = useSession((s) => s.set);
  const { pathname } = useLocation();
  useEffect(() => {
    if (!alertIsFresh()) set({ message: null });
  }, [pathname, set]);
  return (
    <div aria-live="polite" className={message ? className : undefined}>
      {message && (
        <Alert type={message.type} onDismiss={() => set({ message: null })}>
          {message.text}
        </Alert>
      )}
    </div>
  );
}
