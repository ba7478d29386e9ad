import { lazy, Suspense } from 'react';
import type { ErrorAction } from './error-dialog-content';

const Content = lazy(() => import('./error-dialog-content'));

/**
 * docs/product.md#error-messages: the dialog titled 'Error!' that booking problems are shown in,
 * with a way forward when there is one. Its code (Radix's dialog, about 40 KB) loads with the
 * first error, not with the event's page.
 */
export function ErrorDialog({
  message,
  onClose,
  action,
}: {
  message: string | null;
  onClose: () => void;
  action?: ErrorAction;
}) {
  if (message === null) return null;
  return (
    <Suspense fallback={null}>
      <Content message={message} onClose={onClose} action={action} />
    </Suspense>
  );
}
