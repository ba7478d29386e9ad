import { useId, useState, type FormEvent } from 'react';
import { BadgePercent, KeyRound, X } from 'lucide-react';
import { CODE_LIMITS, type AppliedCode } from '@tikiti/contract';
import { formatMoney } from '../../../lib/format';

/** What the buyer's code does, in a few words. */
export function codeEffect(code: AppliedCode, currency: string): string {
  const parts: string[] = [];
  if (code.kind === 'access') parts.push('unlocks tickets kept for guests');
  if (code.percent_off !== null) parts.push(`${code.percent_off} % off`);
  if (code.amount_off !== null) parts.push(`${formatMoney(code.amount_off, currency)} off each ticket`);
  if (code.max_per_booking !== null) parts.push(`up to ${code.max_per_booking} per booking`);
  const text = parts.join(', ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export interface CodeBoxProps {
  /** The code the page is priced with, once the server accepted it. */
  applied?: AppliedCode;
  /** A code being checked by the server. */
  checking?: string;
  /** Why the server refused the code, shown beside the field. */
  error?: string;
  onApply: (code: string) => void;
  onRemove: () => void;
}

/**
 * "Have a code?" (docs/product.md#discount-codes): the buyer types a discount or access code; the
 * page asks the event again with it, so an access code shows the hidden types and a discount
 * code the lower prices. What the code does stays in view with a way to remove it.
 */
export function CodeBox({
  applied,
  checking,
  error,
  onApply,
  onRemove,
  currency,
}: CodeBoxProps & { currency: string }) {
  const [open, setOpen] = useState(Boolean(error || checking));
  const [text, setText] = useState(checking ?? '');
  const id = useId();

  if (applied) {
    return (
      <div className="mt-3 flex flex-wrap items-start justify-between gap-3 rounded-xl bg-emerald-50 px-3 py-2.5 ring-1 ring-inset ring-emerald-600/20">
        <p className="flex min-w-0 items-start gap-2 text-sm text-emerald-900" role="status">
          <BadgePercent className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <span className="min-w-0">
            <span className="font-semibold">Code {applied.code} applied</span>
            <span className="block">{codeEffect(applied, currency)}</span>
          </span>
        </p>
        <button
          type="button"
          onClick={() => {
            setText('');
            setOpen(false);
            onRemove();
          }}
          className="inline-flex shrink-0 items-center gap-1 rounded-lg px-2 py-1 text-sm font-medium text-emerald-900 hover:bg-emerald-100"
        >
          <X className="h-4 w-4" aria-hidden /> Remove<span className="sr-only"> code {applied.code}</span>
        </button>
        {error && (
          <p className="basis-full text-sm text-red-600" role="alert">
            {error}
          </p>
        )}
      </div>
    );
  }

  if (!open) {
    return (
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="mt-3 inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline"
      >
        <KeyRound className="h-4 w-4" aria-hidden /> Have a code?
      </button>
    );
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const code = text.trim();
    if (code) onApply(code);
  };
  return (
    <form onSubmit={submit} className="mt-3" noValidate>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        Discount or access code
      </label>
      <div className="mt-1.5 flex gap-2">
        <input
          id={id}
          value={text}
          onChange={(e) => setText(e.target.value)}
          maxLength={CODE_LIMITS.maxLength}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={`block h-11 w-full min-w-0 rounded-lg border bg-white px-3 font-mono uppercase text-ink placeholder:font-sans placeholder:normal-case placeholder:text-slate-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/20 ${
            error ? 'border-red-500' : 'border-slate-300'
          }`}
          placeholder="e.g. EARLYBIRD"
        />
        <button
          type="submit"
          disabled={Boolean(checking)}
          className="h-11 shrink-0 rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold text-ink hover:bg-slate-50 disabled:opacity-60"
        >
          {checking ? 'Checking…' : 'Apply'}
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-600" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
