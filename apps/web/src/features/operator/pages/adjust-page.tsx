import { useState, type FormEvent } from 'react';
import { CURRENCIES, createAdjustmentBodySchema, type Currency } from '@tikiti/contract';
import { Button } from '../../../components/ui/button';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { Panel } from '../../../components/ui/panel';
import { errorMessage } from '../../../lib/api-client';
import { showAlert } from '../../../lib/alert';
import { serverFieldErrors } from '../../../lib/form-errors';
import { formatMoney } from '../../../lib/format';
import { useTitle } from '../../../lib/use-title';
import { useCreateAdjustment } from '../api/operator';

interface AdjustmentDraft {
  organisation_id: string;
  currency: Currency;
  amount: string;
  reason: string;
}
const EMPTY: AdjustmentDraft = { organisation_id: '', currency: 'KES', amount: '', reason: '' };
const AMOUNT = /^-?\d{1,12}(?:\.\d{1,2})?$/;

/** The contract's checks of an adjustment, one message per field; the body when it passes. */
export function adjustmentOf(d: AdjustmentDraft) {
  const errors: Record<string, string> = {};
  const amountText = d.amount.replace(/,/g, '').replace(/^−/, '-').trim();
  if (!AMOUNT.test(amountText)) errors.amount = 'Enter an amount such as 2,333 or -19.99';
  const parsed = createAdjustmentBodySchema.safeParse({
    organisation_id: Number(d.organisation_id),
    currency: d.currency,
    amount: AMOUNT.test(amountText) ? Number(amountText) : NaN,
    reason: d.reason,
  });
  if (!/^\d+$/.test(d.organisation_id.trim())) errors.organisation_id = 'Enter the organisation’s number';
  if (!parsed.success) for (const i of parsed.error.issues) errors[String(i.path[0])] ??= i.message;
  return { body: parsed.success ? parsed.data : null, errors };
}

/**
 * Ledger adjustments (docs/product.md#ledger): a manual credit (+) or debit (−) of one
 * organisation's balance, with the reason kept in the ledger and the audit log. Entries are never
 * changed; a mistake is corrected by another adjustment.
 */
export default function OperatorAdjustPage() {
  useTitle('Adjust · Operator');
  const [draft, setDraft] = useState<AdjustmentDraft>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateAdjustment();
  const change = (field: keyof AdjustmentDraft, value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors(({ [field]: _gone, ...rest }) => rest);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const { body, errors: found } = adjustmentOf(draft);
    setErrors(found);
    if (!body || Object.keys(found).length) return;
    try {
      const made = await create.mutateAsync(body);
      showAlert(
        'success',
        `Adjusted organisation ${made.data.organisation_id} by ${formatMoney(made.data.amount, made.data.currency)}`,
      );
      setDraft(EMPTY);
    } catch (err) {
      const fields = serverFieldErrors(err);
      setErrors(fields);
      if (!Object.keys(fields).length) showAlert('danger', errorMessage(err));
    }
  };
  return (
    <div className="max-w-2xl space-y-6">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Ledger adjustment</h1>
      <Panel
        title="New adjustment"
        intro="Plus credits the organisation, minus debits it. Entries are never changed: correct a mistake with another adjustment."
      >
        <form onSubmit={(e) => void submit(e)} noValidate className="mt-4 space-y-4" aria-label="Adjustment">
          <div className="grid gap-4 sm:grid-cols-[1fr_8rem_1fr]">
            <TextField
              label="Organisation number"
              inputMode="numeric"
              hint="As in Organisations"
              value={draft.organisation_id}
              error={errors.organisation_id}
              onChange={(e) => change('organisation_id', e.target.value)}
            />
            <SelectField
              label="Currency"
              value={draft.currency}
              error={errors.currency}
              onChange={(e) => change('currency', e.target.value)}
            >
              {CURRENCIES.map((c) => (
                <option key={c}>{c}</option>
              ))}
            </SelectField>
            <TextField
              label="Amount (+ or −)"
              inputMode="decimal"
              value={draft.amount}
              error={errors.amount}
              onChange={(e) => change('amount', e.target.value)}
            />
          </div>
          <TextAreaField
            label="Reason"
            rows={3}
            value={draft.reason}
            error={errors.reason}
            onChange={(e) => change('reason', e.target.value)}
          />
          <Button type="submit" busy={create.isPending} busyText="Recording…">
            Record adjustment
          </Button>
        </form>
      </Panel>
    </div>
  );
}
