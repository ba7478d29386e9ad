import { useState, type FormEvent } from 'react';
import {
  fitsMinorUnits,
  isCurrency,
  PAYOUT_RULES,
  type Balance,
  type Currency,
  type PayoutMethodState,
} from '@tikiti/contract';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/field';
import { Panel } from '../../../components/ui/panel';
import { errorMessage } from '../../../lib/api-client';
import { showAlert } from '../../../lib/alert';
import { serverFieldErrors } from '../../../lib/form-errors';
import { formatDay, formatMoney, formatTime } from '../../../lib/format';
import { useRequestPayout } from '../api/money';

const AMOUNT = /^\d{1,12}(?:\.\d{1,2})?$/;

/**
 * What is wrong with a payout request before it is sent (docs/product.md#payouts): an amount of
 * at most two decimals, at least the currency's minimum, at most what is available; M-Pesa pays
 * shillings only. One message per field.
 */
export function payoutErrors(
  typed: { currency: string; amount: string },
  balances: Balance[],
  method: PayoutMethodState['method'],
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!isCurrency(typed.currency)) return { currency: 'Choose KES or USD' };
  const currency: Currency = typed.currency;
  if (method && method.type !== 'bank' && currency !== 'KES') {
    errors.currency = 'M-Pesa pays shillings only: set a bank account to be paid dollars.';
  }
  const text = typed.amount.replace(/,/g, '').trim();
  const available = balances.find((b) => b.currency === currency)?.available ?? 0;
  const minimum = PAYOUT_RULES.minimum[currency];
  if (text === '') errors.amount = 'Enter an amount';
  else if (!AMOUNT.test(text) || !fitsMinorUnits(Number(text), currency)) {
    errors.amount = 'Enter an amount such as 2,333 or 19.99';
  } else if (Number(text) < minimum) errors.amount = `The smallest payout is ${formatMoney(minimum, currency)}`;
  else if (Number(text) > available) {
    errors.amount =
      available > 0
        ? `At most ${formatMoney(available, currency)} is available`
        : 'Nothing is available to pay out yet';
  }
  return errors;
}

/**
 * "Request payout" (the owner): some or all of the available balance of one currency, to the
 * payout method. Says why not when there is no method yet or payouts are held after a change.
 */
export function RequestPayoutForm({ balances, method }: { balances: Balance[]; method: PayoutMethodState }) {
  const currencies = balances.map((b) => b.currency);
  const [currency, setCurrency] = useState(
    () => balances.find((b) => b.available > 0)?.currency ?? currencies[0] ?? 'KES',
  );
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const request = useRequestPayout();
  const available = balances.find((b) => b.currency === currency)?.available ?? 0;
  const held = method.held_until && new Date(method.held_until).getTime() > Date.now() ? method.held_until : null;
  const blocked = !method.method
    ? 'Set a payout method below first.'
    : held
      ? `Payouts wait until ${formatDay(held)}, ${formatTime(held)} after the change of payout method.`
      : null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = payoutErrors({ currency, amount }, balances, method.method);
    setErrors(found);
    if (Object.keys(found).length > 0 || !isCurrency(currency)) return;
    try {
      const made = await request.mutateAsync({ currency, amount: Number(amount.replace(/,/g, '').trim()) });
      showAlert('success', made.message || 'Payout requested');
      setAmount('');
    } catch (err) {
      const byField = serverFieldErrors(err);
      setErrors(byField);
      if (Object.keys(byField).length === 0) showAlert('danger', errorMessage(err));
    }
  };

  return (
    <Panel title="Request payout" intro={method.method ? `To ${method.method.label}` : undefined}>
      {blocked && (
        <p className="mt-4 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" role="status">
          {blocked}
        </p>
      )}
      <form
        onSubmit={(e) => void submit(e)}
        noValidate
        className="mt-4 grid gap-4 sm:grid-cols-[8rem_minmax(0,1fr)_auto] sm:items-start"
        aria-label="Request payout"
      >
        <SelectField
          label="Currency"
          value={currency}
          error={errors.currency}
          onChange={(e) => {
            setCurrency(e.target.value);
            setErrors({});
          }}
        >
          {(currencies.length ? currencies : ['KES']).map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Amount"
          inputMode="decimal"
          value={amount}
          error={errors.amount}
          hint={`Up to ${formatMoney(Math.max(available, 0), currency)} · at least ${
            isCurrency(currency) ? formatMoney(PAYOUT_RULES.minimum[currency], currency) : ''
          }`}
          onChange={(e) => {
            setAmount(e.target.value);
            setErrors(({ amount: _gone, ...rest }) => rest);
          }}
        />
        <div className="flex gap-2 sm:pt-7">
          <Button
            variant="secondary"
            disabled={available <= 0 || Boolean(blocked)}
            onClick={() => {
              setAmount(String(available));
              setErrors({});
            }}
          >
            All
          </Button>
          <Button type="submit" disabled={Boolean(blocked)} busy={request.isPending} busyText="Requesting...">
            Request payout
          </Button>
        </div>
      </form>
    </Panel>
  );
}
