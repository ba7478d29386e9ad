import { lazy, Suspense } from 'react';

const Content = lazy(() => import('./error-dialog-content'));

/**
 * docs/product.md#error-messages: the dialog titled 'Error!' that booking problems are shown in.
 * Its code (Radix's dialog, about 40 KB) loads with the first error, not with the event's page.
 */
export function ErrorDialog({ message, onClose }: { message: string | null; onClose: () => void }) {
  if (message === null) return null;
  return (
    <Suspense fallback={null}>
      <Content message={message} onClose={onClose} />
    </Suspense>
  );
}
