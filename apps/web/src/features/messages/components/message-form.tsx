import { useState, type FormEvent } from 'react';
import { Eye, Send, FlaskConical } from 'lucide-react';
import {
  fromNairobiLocal,
  MESSAGE_AUDIENCE_WORDS,
  MESSAGE_AUDIENCES,
  MESSAGE_LIMITS,
  sendAttendeeMessageBodySchema,
  toNairobiLocal,
  type MessageAudience,
  type MessageChannel,
  type MessageDraft,
  type MessagePreview,
  type MessagePurpose,
  type SendAttendeeMessageBody,
} from '@tikiti/contract';
import { Button } from '../../../components/ui/button';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { showAlert } from '../../../lib/alert';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { serverFieldErrors } from '../../../lib/form-errors';
import { formatDay, formatTime } from '../../../lib/format';
import { usePreviewMessage, useSendMessage, useTestMessage } from '../api/messages';

type Field = 'subject' | 'body' | 'ticket_type_id' | 'channels' | 'send_at' | 'audience';

interface Draft {
  subject: string;
  body: string;
  audience: MessageAudience;
  ticket_type_id: string;
  mail: boolean;
  sms: boolean;
  purpose: MessagePurpose;
  when: 'now' | 'later';
  /** Nairobi time, as the datetime-local input writes it. */
  send_at: string;
}

const EMPTY: Draft = {
  subject: '',
  body: '',
  audience: 'everyone',
  ticket_type_id: '',
  mail: true,
  sms: false,
  purpose: 'operational',
  when: 'now',
  send_at: '',
};

/** The body the calls take: the draft, and `send_at` as an instant when it goes later. */
function bodyOf(d: Draft): SendAttendeeMessageBody {
  const channels: MessageChannel[] = [...(d.mail ? (['mail'] as const) : []), ...(d.sms ? (['sms'] as const) : [])];
  return {
    subject: d.subject,
    body: d.body,
    audience: {
      kind: d.audience,
      ...(d.audience === 'ticket_type' && d.ticket_type_id ? { ticket_type_id: Number(d.ticket_type_id) } : {}),
    },
    channels,
    purpose: d.purpose,
    ...(d.when === 'later' && d.send_at ? { send_at: fromNairobiLocal(d.send_at).toISOString() } : {}),
  };
}

/** The field a contract path names: `audience.ticket_type_id` → ticket_type_id. */
const fieldOf = (path: string): Field | undefined => {
  const key = path.split('.').at(-1);
  if (key === 'ticket_type_id' || key === 'kind') return key === 'kind' ? 'audience' : 'ticket_type_id';
  return (['subject', 'body', 'channels', 'send_at'] as const).find((f) => path.startsWith(f));
};

const PLACEHOLDERS = ['{first_name}', '{event_title}'] as const;

/**
 * docs/product.md#messages-to-attendees: the organiser writes a subject and a plain-text body
 * ({first_name} and {event_title} are filled per attendee), picks the audience, mail and/or SMS,
 * operational or marketing; previews it with a real attendee's values, sends a test to themself,
 * then sends now or at a time. Checked with the contract's schema before anything is sent; the
 * server's refusals land beside their fields, the day's limit above the buttons.
 */
export function MessageForm({
  eventId,
  ticketTypes,
  left,
}: {
  eventId: number;
  ticketTypes: { id: number; name: string }[];
  /** Messages the event may still get today. */
  left: number;
}) {
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [preview, setPreview] = useState<MessagePreview | null>(null);
  const [testNote, setTestNote] = useState<string | null>(null);
  const previewCall = usePreviewMessage(eventId);
  const testCall = useTestMessage(eventId);
  const send = useSendMessage(eventId);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setPreview(null);
    setTestNote(null);
    setFormError(null);
    const field: Field | undefined =
      key === 'mail' || key === 'sms' ? 'channels' : key === 'when' ? 'send_at' : (key as Field);
    if (field)
      setErrors((e) => ({ ...e, [field]: undefined, ...(key === 'audience' ? { ticket_type_id: undefined } : {}) }));
  };

  /** The draft checked as the server will: its body, or the errors put beside their fields. */
  const checked = (forSending: boolean): SendAttendeeMessageBody | null => {
    setFormError(null);
    const found: Partial<Record<Field, string>> = {};
    const parsed = sendAttendeeMessageBodySchema.safeParse(bodyOf(draft));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = fieldOf(issue.path.join('.'));
        if (field) found[field] ??= issue.message;
      }
    }
    if (forSending && draft.when === 'later') {
      const at = draft.send_at ? fromNairobiLocal(draft.send_at).getTime() : NaN;
      if (Number.isNaN(at)) found.send_at = 'Choose when it goes';
      else if (at <= Date.now()) found.send_at = 'Choose a time in the future';
      else if (at > Date.now() + MESSAGE_LIMITS.scheduleMaxDays * 86_400_000)
        found.send_at = `At most ${MESSAGE_LIMITS.scheduleMaxDays} days ahead`;
    }
    setErrors(found);
    return parsed.success && Object.keys(found).length === 0 ? parsed.data : null;
  };

  const refused = (err: unknown) => {
    const byPath = serverFieldErrors(err);
    const known: Partial<Record<Field, string>> = {};
    for (const [path, message] of Object.entries(byPath)) {
      const field = fieldOf(path);
      if (field) known[field] ??= message;
    }
    if (err instanceof ApiError && err.code === 'message.no_recipients') known.audience = err.message;
    setErrors(known);
    if (Object.keys(known).length === 0) setFormError(errorMessage(err));
  };

  const draftOnly = (body: SendAttendeeMessageBody): MessageDraft => {
    const { send_at: _at, ...rest } = body;
    return rest;
  };

  const onPreview = async () => {
    const body = checked(false);
    if (!body) return;
    try {
      setPreview(await previewCall.mutateAsync(draftOnly(body)));
    } catch (err) {
      refused(err);
    }
  };

  const onTest = async () => {
    const body = checked(false);
    if (!body) return;
    try {
      const sent = await testCall.mutateAsync(draftOnly(body));
      const where = [sent.mail, sent.sms].filter(Boolean).join(' and ');
      setTestNote(where ? `Test sent to ${where}.` : 'Your account has no address to send a test to.');
    } catch (err) {
      refused(err);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = checked(true);
    if (!body) return;
    try {
      const sent = await send.mutateAsync(body);
      setDraft(EMPTY);
      setPreview(null);
      setTestNote(null);
      showAlert(
        'success',
        sent.status === 'scheduled'
          ? `Message scheduled for ${formatDay(sent.send_at)} at ${formatTime(sent.send_at)}.`
          : `Message on its way to ${sent.counts.recipients} ${sent.counts.recipients === 1 ? 'recipient' : 'recipients'}.`,
      );
    } catch (err) {
      refused(err);
    }
  };

  const insert = (placeholder: string) =>
    set('body', `${draft.body}${draft.body && !draft.body.endsWith(' ') ? ' ' : ''}${placeholder}`);
  const busy = send.isPending || previewCall.isPending || testCall.isPending;
  const limitReached = left <= 0;

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-5" aria-label="New message">
      <TextField
        label="Subject"
        value={draft.subject}
        onChange={(e) => set('subject', e.target.value)}
        error={errors.subject}
        maxLength={MESSAGE_LIMITS.subjectMax}
        placeholder="e.g. Room change for {event_title}"
      />
      <div>
        <TextAreaField
          label="Message"
          rows={7}
          value={draft.body}
          onChange={(e) => set('body', e.target.value)}
          error={errors.body}
          maxLength={MESSAGE_LIMITS.bodyMax}
          placeholder={'Hello {first_name},\n\nThe plenary of {event_title} has moved to Hall B.'}
          hint="Plain text. {first_name} and {event_title} are filled in for each attendee."
        />
        <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
          <span className="text-slate-600">Insert:</span>
          {PLACEHOLDERS.map((p) => (
            <button
              key={p}
              type="button"
              onClick={() => insert(p)}
              className="rounded-md border border-slate-300 bg-white px-2 py-1 font-mono text-xs text-slate-700 hover:bg-slate-50"
            >
              {p}
            </button>
          ))}
        </div>
      </div>

      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          label="Audience"
          value={draft.audience}
          onChange={(e) => set('audience', e.target.value as MessageAudience)}
          error={errors.audience}
        >
          {MESSAGE_AUDIENCES.map((a) => (
            <option key={a} value={a}>
              {MESSAGE_AUDIENCE_WORDS[a]}
            </option>
          ))}
        </SelectField>
        {draft.audience === 'ticket_type' && (
          <SelectField
            label="Ticket type"
            value={draft.ticket_type_id}
            onChange={(e) => set('ticket_type_id', e.target.value)}
            error={errors.ticket_type_id}
          >
            <option value="">Choose a ticket type</option>
            {ticketTypes.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </SelectField>
        )}
      </div>

      <fieldset aria-describedby={errors.channels ? 'channels-error' : undefined}>
        <legend className="text-sm font-medium text-slate-700">Send by</legend>
        <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={draft.mail}
              onChange={(e) => set('mail', e.target.checked)}
              className="h-4 w-4 accent-brand-700"
            />
            Mail
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={draft.sms}
              onChange={(e) => set('sms', e.target.checked)}
              className="h-4 w-4 accent-brand-700"
            />
            SMS <span className="text-slate-500">(to attendees with a phone)</span>
          </label>
        </div>
        {errors.channels && (
          <p id="channels-error" className="mt-1.5 text-sm text-red-600" role="alert">
            {errors.channels}
          </p>
        )}
      </fieldset>

      <fieldset>
        <legend className="text-sm font-medium text-slate-700">Kind of message</legend>
        <div className="mt-2 space-y-2 text-sm">
          <label className="flex items-start gap-2">
            <input
              type="radio"
              name="purpose"
              checked={draft.purpose === 'operational'}
              onChange={() => set('purpose', 'operational')}
              className="mt-0.5 h-4 w-4 accent-brand-700"
            />
            <span>
              <span className="font-medium text-ink">About the event</span>{' '}
              <span className="text-slate-600">(a room change, the doors’ time): goes to everyone in the audience</span>
            </span>
          </label>
          <label className="flex items-start gap-2">
            <input
              type="radio"
              name="purpose"
              checked={draft.purpose === 'marketing'}
              onChange={() => set('purpose', 'marketing')}
              className="mt-0.5 h-4 w-4 accent-brand-700"
            />
            <span>
              <span className="font-medium text-ink">News or offers</span>{' '}
              <span className="text-slate-600">(only to attendees who agreed to hear from you)</span>
            </span>
          </label>
        </div>
      </fieldset>

      <fieldset>
        <legend className="text-sm font-medium text-slate-700">When</legend>
        <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2 text-sm">
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name="when"
              checked={draft.when === 'now'}
              onChange={() => set('when', 'now')}
              className="h-4 w-4 accent-brand-700"
            />
            Now
          </label>
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name="when"
              checked={draft.when === 'later'}
              onChange={() => set('when', 'later')}
              className="h-4 w-4 accent-brand-700"
            />
            At a time
          </label>
        </div>
        {draft.when === 'later' && (
          <TextField
            label="Send at (Nairobi time)"
            type="datetime-local"
            step={300}
            min={toNairobiLocal(new Date())}
            className="mt-3 max-w-xs"
            value={draft.send_at}
            onChange={(e) => set('send_at', e.target.value)}
            error={errors.send_at}
          />
        )}
      </fieldset>

      {preview && (
        <section
          aria-label="Preview"
          className="space-y-3 rounded-xl border border-brand-200 bg-brand-50/40 p-4 text-sm"
          data-testid="message-preview"
        >
          <p className="text-slate-600">
            As {preview.sample_name ?? 'you'} {preview.sample_name ? 'gets' : 'would get'} it ·{' '}
            {preview.recipients.mail} by mail
            {draft.sms ? `, ${preview.recipients.sms} by SMS` : ''}
          </p>
          <p className="font-semibold text-ink">{preview.subject}</p>
          <pre className="whitespace-pre-wrap font-sans leading-6 text-slate-800 wrap-anywhere">
            {preview.mail_text}
          </pre>
          {preview.sms_text && (
            <div>
              <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">SMS</p>
              <pre className="mt-1 whitespace-pre-wrap rounded-lg bg-white p-3 font-sans text-slate-800 wrap-anywhere">
                {preview.sms_text}
              </pre>
            </div>
          )}
        </section>
      )}
      {testNote && (
        <p className="text-sm text-emerald-800" role="status">
          {testNote}
        </p>
      )}
      {formError && (
        <p className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800" role="alert">
          {formError}
        </p>
      )}
      {limitReached && !formError && (
        <p className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900" role="status">
          This event has had its {MESSAGE_LIMITS.perEventPerDay} messages today. You can preview and test, or schedule a
          message for tomorrow.
        </p>
      )}

      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <Button
          type="button"
          variant="secondary"
          onClick={() => void onPreview()}
          busy={previewCall.isPending}
          disabled={busy}
        >
          <Eye className="h-4 w-4" aria-hidden /> Preview
        </Button>
        <Button
          type="button"
          variant="secondary"
          onClick={() => void onTest()}
          busy={testCall.isPending}
          disabled={busy}
        >
          <FlaskConical className="h-4 w-4" aria-hidden /> Send a test to myself
        </Button>
        <Button type="submit" busy={send.isPending} busyText="Sending…" disabled={busy} className="sm:ml-auto">
          <Send className="h-4 w-4" aria-hidden /> {draft.when === 'later' ? 'Schedule' : 'Send now'}
        </Button>
      </div>
    </form>
  );
}
