import { Dialog } from 'radix-ui';
import { AlertCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './button';

/** A way forward the dialog offers beside OK: a line saying what it does, and its button. */
export interface ErrorAction {
  note: ReactNode;
  label: string;
  onClick: () => void;
}

/** The dialog itself (Radix), loaded only when there is an error to show: see error-dialog.tsx. */
export default function ErrorDialogContent({
  message,
  onClose,
  action,
}: {
  message: string;
  onClose: () => void;
  action?: ErrorAction;
}) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 text-center shadow-xl focus:outline-none">
          <AlertCircle className="mx-auto h-10 w-10 text-red-500" aria-hidden />
          <Dialog.Title className="mt-3 text-lg font-semibold">Error!</Dialog.Title>
          <Dialog.Description className="mt-2 text-slate-600 wrap-anywhere">{message}</Dialog.Description>
          {action && (
            <>
              <p className="mt-3 text-sm text-slate-600">{action.note}</p>
              <Button className="mt-6 w-full" onClick={action.onClick}>
                {action.label}
              </Button>
            </>
          )}
          <Dialog.Close asChild>
            <Button className={action ? 'mt-3 w-full' : 'mt-6 w-full'} variant={action ? 'secondary' : undefined}>
              OK
            </Button>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
