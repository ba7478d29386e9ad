import { useState, type FormEvent } from 'react';
import { Check, Copy, KeyRound } from 'lucide-react';
import {
  createWebhookBodySchema,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_LIMITS,
  type WebhookCreated,
  type WebhookEventType,
} from '@tikiti/contract';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';
import { serverFieldErrors } from '../../../lib/form-errors';
import { useCreateWebhook } from '../api/webhooks';

/** What each event type means to an integrator. */
export const EVENT_WORDS: Record<WebhookEventType, string> = {
  'booking.paid': 'A booking is paid',
  'booking.refunded': 'A booking is refunded',
  'booking.cancelled': 'A booking is cancelled',
  'attendee.updated': 'An attendee’s details change',
  'attendee.checked_in': 'An attendee is checked in',
  'event.cancelled': 'An event is cancelled',
};

type Field = 'url' | 'events' | 'description';

/** The signing secret, shown once: copy it now, it cannot be shown again. */
export function SecretOnce({ created, onDone }: { created: WebhookCreated; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const [copyFailed, setCopyFailed] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.secret);
      setCopied(true);
      setCopyFailed(false);
    } catch {
      setCopyFailed(true);
    }
  };
  return (
    <section
      aria-labelledby="secret-heading"
      className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <h3 id="secret-heading" className="flex items-center gap-2 font-semibold">
        <KeyRound className="h-4 w-4" aria-hidden /> Signing secret for {created.url}
      </h3>
      <p className="mt-1">
        Copy it now and keep it with your receiver: it is shown this once. Your receiver checks each delivery’s
        Tikiti-Signature header with it.
      </p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-center">
        <code
          className="block min-w-0 flex-1 rounded-lg border border-amber-200 bg-white px-3 py-2 font-mono text-xs text-ink wrap-anywhere"
          data-testid="webhook-secret"
        >
          {created.secret}
        </code>
        <Button type="button" variant="secondary" size="sm" onClick={() => void copy()}>
          {copied ? <Check className="h-4 w-4" aria-hidden /> : <Copy className="h-4 w-4" aria-hidden />}
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
      <p className="mt-1 min-h-5 text-xs" role="status">
        {copyFailed ? 'This browser would not copy: select the secret and copy it by hand.' : ''}
      </p>
      <Button type="button" size="sm" className="mt-2" onClick={onDone}>
        I have saved it
      </Button>
    </section>
  );
}

/**
 * A new endpoint (docs/api.md#webhooks): its https address, what it is for, and the events it
 * receives. Checked with the contract's schema first; the server's refusals (an address it may
 * not call, too many endpoints) land beside the address.
 */
export function WebhookForm({ onCreated }: { onCreated: (created: WebhookCreated) => void }) {
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(['booking.paid']);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreateWebhook();

  const toggle = (type: WebhookEventType, on: boolean) => {
    setEvents((list) =>
      on ? WEBHOOK_EVENT_TYPES.filter((t) => t === type || list.includes(t)) : list.filter((t) => t !== type),
    );
    setErrors((e) => ({ ...e, events: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const parsed = createWebhookBodySchema.safeParse({
      url,
      events,
      ...(description.trim() ? { description } : {}),
    });
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      const created = await create.mutateAsync(parsed.data);
      setUrl('');
      setDescription('');
      setEvents(['booking.paid']);
      onCreated(created);
    } catch (err) {
      const byPath = serverFieldErrors(err);
      const known: Partial<Record<Field, string>> = {};
      for (const [path, message] of Object.entries(byPath)) {
        const field = path.split('.')[0] as Field;
        if (field === 'url' || field === 'events' || field === 'description') known[field] ??= message;
      }
      setErrors(known);
      if (Object.keys(known).length === 0) setFormError(errorMessage(err));
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-5" aria-label="New endpoint">
      <TextField
        label="Endpoint address"
        type="url"
        inputMode="url"
        placeholder="https://crm.example.co.ke/tikiti"
        value={url}
        onChange={(e) => {
          setUrl(e.target.value);
          setErrors((x) => ({ ...x, url: undefined }));
        }}
        error={errors.url}
        maxLength={WEBHOOK_LIMITS.urlMax}
        hint="An https address your system answers with a 2xx status."
      />
      <TextField
        label="Description (optional)"
        value={description}
        onChange={(e) => {
          setDescription(e.target.value);
          setErrors((x) => ({ ...x, description: undefined }));
        }}
        error={errors.description}
        maxLength={WEBHOOK_LIMITS.descriptionMax}
        placeholder="e.g. Sales into our CRM"
      />
      <fieldset aria-describedby={errors.events ? 'events-error' : undefined}>
        <legend className="text-sm font-medium text-slate-700">Events to send</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <label key={type} className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                checked={events.includes(type)}
                onChange={(e) => toggle(type, e.target.checked)}
                className="mt-0.5 h-4 w-4 accent-brand-700"
              />
              <span>
                <span className="font-mono text-xs text-ink">{type}</span>
                <span className="block text-slate-600">{EVENT_WORDS[type]}</span>
              </span>
            </label>
          ))}
        </div>
        {errors.events && (
          <p id="events-error" className="mt-1.5 text-sm text-red-600" role="alert">
            {errors.events}
          </p>
        )}
      </fieldset>
      {formError && (
        <p className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800" role="alert">
          {formError}
        </p>
      )}
      <Button type="submit" busy={create.isPending} busyText="Adding…" className="w-full sm:w-auto">
        Add endpoint
      </Button>
    </form>
  );
}
