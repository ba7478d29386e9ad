import { useState, type FormEvent } from 'react';
import { CURRENCIES, type Currency, type OperatorSettings } from '@tikiti/contract';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Panel } from '../../../components/ui/panel';
import { Loading } from '../../../components/ui/spinner';
import { ErrorState } from '../../../components/ui/states';
import { errorMessage } from '../../../lib/api-client';
import { showAlert } from '../../../lib/alert';
import { serverFieldErrors } from '../../../lib/form-errors';
import { useOperatorSettings, useSaveOperatorSettings } from '../api/operator';

const AMOUNT = /^\d{1,12}(?:\.\d{1,2})?$/;

/** Typed thresholds to the body: blank is "never"; errors per currency. */
export function thresholdsOf(typed: Record<Currency, string>) {
  const errors: Partial<Record<Currency, string>> = {};
  const body: OperatorSettings = { auto_approve_below: { KES: null, USD: null } };
  for (const c of CURRENCIES) {
    const text = typed[c].replace(/,/g, '').trim();
    if (text === '') continue;
    if (!AMOUNT.test(text)) errors[c] = 'Enter an amount such as 5,000, or leave blank for never';
    else body.auto_approve_below[c] = Number(text);
  }
  return { body, errors };
}

function SettingsForm({ settings }: { settings: OperatorSettings }) {
  const [typed, setTyped] = useState<Record<Currency, string>>(() => ({
    KES: settings.auto_approve_below.KES?.toString() ?? '',
    USD: settings.auto_approve_below.USD?.toString() ?? '',
  }));
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const save = useSaveOperatorSettings();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const { body, errors: found } = thresholdsOf(typed);
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      await save.mutateAsync(body);
      showAlert('success', 'Automatic approval saved');
    } catch (err) {
      const fields = serverFieldErrors(err);
      setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k.split('.').at(-1)!, v])));
      if (!Object.keys(fields).length) showAlert('danger', errorMessage(err));
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="mt-4 space-y-4" aria-label="Automatic approval">
      <div className="grid gap-4 sm:grid-cols-2">
        {CURRENCIES.map((c) => (
          <TextField
            key={c}
            label={`Below (${c})`}
            inputMode="decimal"
            value={typed[c]}
            error={errors[c]}
            hint="Blank: never"
            onChange={(e) => setTyped((t) => ({ ...t, [c]: e.target.value }))}
          />
        ))}
      </div>
      <Button type="submit" busy={save.isPending} busyText="Saving…">
        Save
      </Button>
    </form>
  );
}

/** The thresholds under which verified organisations' payouts are approved without the operator. */
export function AutoApprovePanel() {
  const settings = useOperatorSettings();
  return (
    <Panel
      title="Automatic approval"
      intro="Payouts of verified organisations below these amounts are approved without you."
    >
      {settings.isPending ? (
        <Loading />
      ) : settings.isError ? (
        <div className="mt-4">
          <ErrorState message={errorMessage(settings.error)} onRetry={() => void settings.refetch()} />
        </div>
      ) : (
        <SettingsForm settings={settings.data} />
      )}
    </Panel>
  );
}
