import { useEffect, useRef, useState, type FormEvent } from 'react';
import { TextField } from '../../../components/ui/field';
import { Button } from '../../../components/ui/button';

/**
 * A typed code (a damaged screen, a printed code the camera will not read). The field keeps
 * what was typed when the scan could not be answered, and empties for the next person once it
 * was.
 */
export function CodeForm({
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
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-3" aria-label="Type a code">
      <TextField
        ref={input}
        label="Ticket code"
        name="code"
        value={code}
        onChange={(e) => {
          setCode(e.target.value);
          if (error) onEdit();
        }}
        error={error ?? undefined}
        hint="When the camera will not read it: the ticket’s code, starting TK1."
        placeholder="TK1.…"
        autoComplete="off"
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
        enterKeyHint="go"
      />
      <Button type="submit" variant="secondary" size="lg" className="w-full" busy={checking} busyText="Checking...">
        Check in
      </Button>
    </form>
  );
}
