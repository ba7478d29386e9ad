import { useState, type FormEvent, type ReactNode } from 'react';
import { Dialog } from 'radix-ui';
import { Button } from '../../../components/ui/button';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { serverFieldErrors } from '../../../lib/form-errors';
import { errorMessage } from '../../../lib/api-client';

/**
 * Asks the operator for a text before an action (a reason to reject, suspend or fail; a bank
 * reference to settle). `required` texts refuse a blank; the server's refusal shows under the
 * field and what was typed stays.
 */
export function ReasonDialog({
  open,
  title,
  children,
  label,
  confirmLabel,
  danger = false,
  required = true,
  short = false,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  children?: ReactNode;
  label: string;
  confirmLabel: string;
  danger?: boolean;
  required?: boolean;
  /** One line (a reference) rather than a paragraph. */
  short?: boolean;
  onConfirm: (text: string) => Promise<unknown>;
  onCancel: () => void;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (required && !text.trim()) {
      setError('Say why');
      return;
    }
    setBusy(true);
    try {
      await onConfirm(text.trim());
      setText('');
      setError(undefined);
    } catch (err) {
      const fields = serverFieldErrors(err);
      setError(Object.values(fields)[0] ?? errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  const Field = short ? TextField : TextAreaField;
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && !busy && onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl focus:outline-none">
          <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
          <Dialog.Description asChild>
            <div className="mt-2 space-y-2 text-sm leading-6 text-slate-600">{children}</div>
          </Dialog.Description>
          <form onSubmit={(e) => void submit(e)} noValidate className="mt-4 space-y-5">
            <Field
              label={label}
              value={text}
              error={error}
              onChange={(e: { target: { value: string } }) => {
                setText(e.target.value);
                setError(undefined);
              }}
              {...(short ? {} : { rows: 3 })}
            />
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={onCancel} disabled={busy}>
                Cancel
              </Button>
              <Button type="submit" variant={danger ? 'danger' : 'primary'} busy={busy}>
                {confirmLabel}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
