import { useState } from 'react';
import { formatPhone } from '@tikiti/contract';
import { Button } from '../../../components/ui/button';
import { MpesaNumberField } from './mpesa-number-field';

/**
 * Another number for the prompt: the M-Pesa number field and "Send the prompt", under the
 * waiting or failed state.
 */
export function OtherNumber({
  initial,
  error,
  sending,
  onSend,
  onCancel,
}: {
  initial: string;
  error?: string;
  sending: boolean;
  onSend: (phone: string) => void;
  onCancel: () => void;
}) {
  const [phone, setPhone] = useState(initial);
  return (
    <form
      className="space-y-3 text-left"
      onSubmit={(e) => {
        e.preventDefault();
        onSend(phone);
      }}
    >
      <MpesaNumberField value={phone} error={error} onChange={setPhone} />
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button type="submit" busy={sending} busyText="Sending the prompt...">
          Send the prompt
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Keep {formatPhone(initial)}
        </Button>
      </div>
    </form>
  );
}
