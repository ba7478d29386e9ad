import { useState } from 'react';
import clsx from 'clsx';
import { ChevronDown, Mail, MessageSquare } from 'lucide-react';
import { MESSAGE_AUDIENCE_WORDS, type Message, type MessageStatus, type RecipientState } from '@tikiti/contract';
import { EmptyState, ErrorState, Skeleton } from '../../../components/ui/states';
import { errorMessage } from '../../../lib/api-client';
import { formatDay, formatTime } from '../../../lib/format';
import { useMessageDetail } from '../api/messages';

const STATUS_WORDS: Record<MessageStatus, string> = { scheduled: 'Scheduled', sending: 'Sending', sent: 'Sent' };
const STATUS_CLASS: Record<MessageStatus, string> = {
  scheduled: 'bg-sky-50 text-sky-800 ring-sky-600/20',
  sending: 'bg-amber-50 text-amber-800 ring-amber-600/20',
  sent: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20',
};
const STATE_CLASS: Record<RecipientState, string> = {
  queued: 'text-amber-800',
  sent: 'text-emerald-800',
  failed: 'text-red-700',
  skipped: 'text-slate-500',
};
const when = (iso: string) => `${formatDay(iso)}, ${formatTime(iso)}`;

function Recipients({ eventId, messageId }: { eventId: number; messageId: number }) {
  const detail = useMessageDetail(eventId, messageId);
  if (detail.isPending) {
    return (
      <div className="space-y-2 p-4" role="status" aria-label="Loading recipients">
        <Skeleton className="h-5" />
        <Skeleton className="h-5" />
      </div>
    );
  }
  if (detail.isError) {
    return (
      <div className="p-4">
        <ErrorState message={errorMessage(detail.error)} onRetry={() => void detail.refetch()} />
      </div>
    );
  }
  if (detail.data.recipients.length === 0) {
    return <p className="p-4 text-sm text-slate-600">Nobody yet: the recipients are chosen when it goes out.</p>;
  }
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-slate-200 text-xs text-slate-500">
          <tr>
            <th scope="col" className="px-4 py-2 font-semibold">
              Recipient
            </th>
            <th scope="col" className="px-4 py-2 font-semibold">
              By
            </th>
            <th scope="col" className="px-4 py-2 font-semibold">
              State
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {detail.data.recipients.map((r) => (
            <tr key={r.id}>
              <td className="px-4 py-2.5">
                <span className="block font-medium text-ink">{r.name}</span>
                <span className="block text-xs text-slate-500 wrap-anywhere">{r.address}</span>
              </td>
              <td className="px-4 py-2.5">{r.channel === 'sms' ? 'SMS' : 'Mail'}</td>
              <td className="px-4 py-2.5">
                <span className={clsx('font-semibold capitalize', STATE_CLASS[r.state])}>{r.state}</span>
                {r.sent_at && <span className="block text-xs text-slate-500">{when(r.sent_at)}</span>}
                {r.error && <span className="block text-xs text-red-700">{r.error}</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function MessageRow({ eventId, message }: { eventId: number; message: Message }) {
  const [open, setOpen] = useState(false);
  const { counts } = message;
  const panelId = `message-${message.id}-recipients`;
  return (
    <li className="rounded-xl border border-slate-200 bg-white">
      <div className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="font-semibold text-ink wrap-anywhere">{message.subject}</h3>
            <span
              className={clsx(
                'rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset',
                STATUS_CLASS[message.status],
              )}
            >
              {STATUS_WORDS[message.status]}
            </span>
          </div>
          <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
            <span>
              {message.status === 'scheduled' ? 'Goes ' : ''}
              <time dateTime={message.send_at}>{when(message.send_at)}</time>
            </span>
            <span>{MESSAGE_AUDIENCE_WORDS[message.audience]}</span>
            <span className="inline-flex items-center gap-1">
              {message.channels.includes('mail') && <Mail className="h-4 w-4" aria-label="Mail" />}
              {message.channels.includes('sms') && <MessageSquare className="h-4 w-4" aria-label="SMS" />}
            </span>
            <span>By {message.created_by}</span>
          </p>
        </div>
        <dl className="grid shrink-0 grid-cols-4 gap-3 text-center text-xs" aria-label="Deliveries">
          {(
            [
              ['Queued', counts.queued, 'text-amber-800'],
              ['Sent', counts.sent, 'text-emerald-800'],
              ['Failed', counts.failed, 'text-red-700'],
              ['Skipped', counts.skipped, 'text-slate-500'],
            ] as const
          ).map(([label, n, tone]) => (
            <div key={label} className="min-w-12">
              <dt className="text-slate-500">{label}</dt>
              <dd className={clsx('text-lg font-bold tabular-nums', n > 0 ? tone : 'text-slate-300')}>{n}</dd>
            </div>
          ))}
        </dl>
      </div>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        className="flex w-full items-center justify-between border-t border-slate-100 px-4 py-2.5 text-sm font-semibold text-brand-700 hover:bg-slate-50"
      >
        {open ? 'Hide recipients' : `Recipients (${counts.recipients})`}
        <ChevronDown className={clsx('h-4 w-4 transition-transform', open && 'rotate-180')} aria-hidden />
      </button>
      {open && (
        <div id={panelId} className="border-t border-slate-100">
          <Recipients eventId={eventId} messageId={message.id} />
        </div>
      )}
    </li>
  );
}

/** The event's messages, newest first, each with its deliveries' counts and, opened, each recipient's state. */
export function MessageList({ eventId, messages }: { eventId: number; messages: Message[] }) {
  if (messages.length === 0) {
    return (
      <EmptyState title="No messages yet">
        Write one above: a room change, the doors’ time, what to bring. It goes to the attendees you choose.
      </EmptyState>
    );
  }
  return (
    <ul className="space-y-3" aria-label="Messages">
      {messages.map((m) => (
        <MessageRow key={m.id} eventId={eventId} message={m} />
      ))}
    </ul>
  );
}
