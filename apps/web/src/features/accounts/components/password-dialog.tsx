import { useState, type FormEvent } from 'react';
import { Dialog } from 'radix-ui';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { confirmPassword } from '../api/account-security';

/**
 * Asks for the password again and confirms it (POST v1/auth/confirm); answers true once it is
 * right, false when the person cancels. The wrong password's message shows under the field.
 */
export default function PasswordDialog({ open, onDone }: { open: boolean; onDone: (confirmed: boolean) => void }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const close = (confirmed: boolean) => {
    setPassword('');
    setError(undefined);
    onDone(confirmed);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!password) {
      setError('Password is required');
      return;
    }
    setBusy(true);
    try {
      await confirmPassword(password);
      close(true);
    } catch (err) {
      setError(err instanceof ApiError && err.fieldErrors[0] ? err.fieldErrors[0].message : errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && !busy && close(false)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl focus:outline-none">
          <Dialog.Title className="text-lg font-semibold">Enter your password again</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm leading-6 text-slate-600">
            This file holds your attendees&apos; personal details. To keep them safe, confirm it is you; the download
            then starts, and more downloads in the next 5 minutes will not ask again.
          </Dialog.Description>
          <form onSubmit={(e) => void submit(e)} noValidate className="mt-5 space-y-5">
            <TextField
              label="Password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={error}
            />
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={() => close(false)} disabled={busy}>
                Cancel
              </Button>
              <Button type="submit" busy={busy} busyText="Checking...">
                Confirm and download
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
