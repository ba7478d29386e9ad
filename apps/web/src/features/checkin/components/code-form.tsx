import { memo, useEffect, useRef, useState, type FormEvent } from 'react';
import { TextField } from '../../../components/ui/field';
import { Button } from '../../../components/ui/button';

/**
 * What to type when the camera will not read a code (a damaged screen, a crumpled print): the
 * reference printed under the QR code, a ticket's (`TK-ERZVFGJ-2`) or the booking's (`TK-ERZVFGJ`),
 * in any case (docs/ticket-codes.md#typed-references); a pasted code works too. The field keeps
 * what was typed when the scan could not be answered, and empties for the next person once it was.
 */
export const CodeForm = memo(function CodeForm({
  onSubmit,
  checking,
  error,
  onEdit,
  focusKey,
}: {
  onSubmit: (code: string) => Promise<boolean>;
  checking: boolean;
  error: string | null;
  onEdit: () => void;
  /** Changes when the field should take the focus again (after a verdict it led to). */
  focusKey: number;
}) {
  const [code, setCode] = useState('');
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focusKey > 0) input.current?.focus();
  }, [focusKey]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (await onSubmit(code)) setCode('');
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-3" aria-label="Type a reference">
      <TextField
        ref={input}
        label="Reference on the ticket"
        name="code"
        value={code}
        onChange={(e) => {
          setCode(e.target.value);
          if (error) onEdit();
        }}
        error={error ?? undefined}
        hint="When the camera will not read it: the reference printed under the QR code, such as TK-ERZVFGJ-2 for that ticket, or the booking’s TK-ERZVFGJ for all of its tickets."
        placeholder="TK-…"
        autoComplete="off"
        autoCapitalize="characters"
        autoCorrect="off"
        spellCheck={false}
        enterKeyHint="go"
      />
      <Button type="submit" variant="secondary" size="lg" className="w-full" busy={checking} busyText="Checking...">
        Check in
      </Button>
    </form>
  );
});
