import { useState, type FormEvent } from 'react';
import clsx from 'clsx';
import {
  CERTIFICATE_LIMITS,
  certificateSettingsBodySchema,
  type CertificateSettings,
  type CertificateSettingsBody,
} from '@tikiti/contract';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';
import { showAlert } from '../../../lib/alert';
import { serverFieldErrors } from '../../../lib/form-errors';
import { useSaveCertificateSettings } from '../api/certificates';

type Fields = 'cpd_points' | 'accrediting_body' | 'signatory_name' | 'signatory_title' | 'min_days';

interface Draft {
  enabled: boolean;
  cpd_points: string;
  accrediting_body: string;
  signatory_name: string;
  signatory_title: string;
  rule: 'once' | 'days';
  min_days: string;
}

const draftOf = (s: CertificateSettings): Draft => ({
  enabled: s.enabled,
  cpd_points: String(s.cpd_points),
  accrediting_body: s.accrediting_body ?? '',
  signatory_name: s.signatory_name ?? '',
  signatory_title: s.signatory_title ?? '',
  rule: s.min_days > 1 ? 'days' : 'once',
  min_days: String(Math.max(2, s.min_days)),
});

/** A typed number, or NaN for blank text (so the contract says "Enter …"), or the text itself when not a number. */
const numberOf = (text: string): unknown => (text.trim() === '' ? undefined : Number(text.trim().replace(',', '.')));

/**
 * The event's certificate settings (docs/product.md#certificates-of-attendance): on or off, CPD
 * points (halves allowed), the accrediting body, an optional signatory, and what attendance
 * means. Checked with the contract's own schema before it is sent; the server's field errors land
 * beside the same fields.
 */
export function SettingsForm({ eventId, settings }: { eventId: number; settings: CertificateSettings }) {
  const [draft, setDraft] = useState(() => draftOf(settings));
  const [errors, setErrors] = useState<Partial<Record<Fields, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const save = useSaveCertificateSettings(eventId);
  const multiDay = settings.event_days > 1;
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    if (key in errors) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const parsed = certificateSettingsBodySchema.safeParse({
      enabled: draft.enabled,
      cpd_points: numberOf(draft.cpd_points),
      accrediting_body: draft.accrediting_body,
      signatory_name: draft.signatory_name,
      signatory_title: draft.signatory_title,
      min_days: draft.rule === 'once' ? 1 : numberOf(draft.min_days),
    });
    const found: Partial<Record<Fields, string>> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Fields;
        // A number field given text: say what it needs, not zod's words.
        const message =
          issue.code === 'invalid_type' && field === 'cpd_points' ? 'Enter the CPD points' : issue.message;
        found[field] ??= message;
      }
    }
    const days = draft.rule === 'once' ? 1 : Number(draft.min_days);
    if (!found.min_days && Number.isInteger(days) && days > settings.event_days) {
      found.min_days = `This event runs over ${settings.event_days} day${settings.event_days === 1 ? '' : 's'}`;
    }
    setErrors(found);
    if (!parsed.success || Object.keys(found).length > 0) return;
    try {
      const saved = await save.mutateAsync(parsed.data satisfies CertificateSettingsBody);
      setDraft(draftOf(saved));
      showAlert(
        'success',
        saved.enabled
          ? saved.ended
            ? 'Certificates are on: they are being issued now.'
            : 'Certificates are on: they are issued when the event ends.'
          : 'Certificate settings saved.',
      );
    } catch (err) {
      const byPath = serverFieldErrors(err);
      const known = Object.fromEntries(Object.entries(byPath).filter(([k]) => k in draft)) as typeof errors;
      setErrors(known);
      if (Object.keys(known).length === 0) setFormError(errorMessage(err));
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-5">
      <label className="flex items-start gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4">
        <input
          type="checkbox"
          checked={draft.enabled}
          onChange={(e) => set('enabled', e.target.checked)}
          className="mt-0.5 h-5 w-5 rounded border-slate-300 text-brand-700 focus:ring-brand-600"
        />
        <span>
          <span className="block font-semibold text-ink">Issue certificates of attendance</span>
          <span className="block text-sm text-slate-600">
            When the event ends, everyone the door admitted gets a certificate by mail, with a QR code anyone can check.
          </span>
        </span>
      </label>

      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="CPD points"
          inputMode="decimal"
          value={draft.cpd_points}
          onChange={(e) => set('cpd_points', e.target.value)}
          error={errors.cpd_points}
          hint={`Whole or half points, up to ${CERTIFICATE_LIMITS.cpdPointsMax}`}
        />
        <TextField
          label="Accrediting body"
          value={draft.accrediting_body}
          onChange={(e) => set('accrediting_body', e.target.value)}
          error={errors.accrediting_body}
          maxLength={CERTIFICATE_LIMITS.accreditingBodyMax}
          placeholder="e.g. ICPAK"
          hint={draft.enabled ? 'Required while certificates are on' : undefined}
        />
        <TextField
          label="Signatory name (optional)"
          value={draft.signatory_name}
          onChange={(e) => set('signatory_name', e.target.value)}
          error={errors.signatory_name}
          maxLength={CERTIFICATE_LIMITS.signatoryMax}
          autoComplete="off"
        />
        <TextField
          label="Signatory title (optional)"
          value={draft.signatory_title}
          onChange={(e) => set('signatory_title', e.target.value)}
          error={errors.signatory_title}
          maxLength={CERTIFICATE_LIMITS.signatoryMax}
          placeholder="e.g. Head of Training"
        />
      </div>

      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-700">Who attended</legend>
        <label className="flex items-center gap-3 text-sm">
          <input
            type="radio"
            name="rule"
            checked={draft.rule === 'once'}
            onChange={() => set('rule', 'once')}
            className="h-4 w-4 text-brand-700"
          />
          Checked in at least once
        </label>
        <label className={clsx('flex items-center gap-3 text-sm', !multiDay && 'text-slate-400')}>
          <input
            type="radio"
            name="rule"
            checked={draft.rule === 'days'}
            disabled={!multiDay}
            onChange={() => set('rule', 'days')}
            className="h-4 w-4 text-brand-700"
          />
          {multiDay
            ? `Checked in on a number of the event's ${settings.event_days} days`
            : 'Checked in on a number of days (this event is one day)'}
        </label>
        {draft.rule === 'days' && (
          <TextField
            label="Minimum days"
            className="max-w-48 pl-7"
            inputMode="numeric"
            value={draft.min_days}
            onChange={(e) => set('min_days', e.target.value)}
            error={errors.min_days}
          />
        )}
      </fieldset>

      {formError && (
        <p className="text-sm text-red-700" role="alert">
          {formError}
        </p>
      )}
      <Button type="submit" busy={save.isPending} busyText="Saving…" className="w-full sm:w-auto">
        Save settings
      </Button>
    </form>
  );
}
