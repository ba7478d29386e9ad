import { memo, useEffect, useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import clsx from 'clsx';
import { Ban, CheckCircle2, Circle, Mail, QrCode, Search, UserCheck } from 'lucide-react';
import type { DoorKit, DoorSearchRow } from '@tikiti/contract';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/states';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { formatTime } from '../../../lib/format';
import { resendDoorTicket, searchDoor } from '../api/door-api';
import { searchKit } from '../door-search';
import { TicketQrDialog } from './ticket-qr-dialog';

function State({ row }: { row: DoorSearchRow }) {
  if (row.state === 'revoked')
    return (
      <span className="inline-flex items-center gap-1 text-sm font-semibold text-red-700">
        <Ban className="h-4 w-4" aria-hidden /> Refunded, does not admit
      </span>
    );
  if (row.state === 'checked_in')
    return (
      <span className="inline-flex items-center gap-1 text-sm font-semibold text-emerald-700">
        <CheckCircle2 className="h-4 w-4" aria-hidden />
        Checked in{row.checked_in_at ? ` ${formatTime(row.checked_in_at)}` : ''}
        {row.checked_in_device ? ` · ${row.checked_in_device}` : ''}
      </span>
    );
  return (
    <span className="inline-flex items-center gap-1 text-sm text-slate-600">
      <Circle className="h-4 w-4" aria-hidden /> Not checked in
    </span>
  );
}

const notValid = (err: unknown) =>
  err instanceof ApiError && err.code === 'door.ticket_not_valid'
    ? 'This ticket was refunded or replaced: there is nothing to send.'
    : errorMessage(err);

function Row({
  row,
  online,
  busy,
  onAdmit,
  onResend,
  onShowQr,
  note,
}: {
  row: DoorSearchRow;
  online: boolean;
  busy: boolean;
  onAdmit: () => void;
  onResend: () => void;
  onShowQr: () => void;
  note: { ok: boolean; text: string } | undefined;
}) {
  const live = row.state !== 'revoked';
  return (
    <li className="py-3">
      <p className="text-lg font-semibold leading-tight text-ink">{row.holder_name}</p>
      <p className="text-sm text-slate-700">
        {[row.company, row.ticket_type, row.admits > 1 ? `admits ${row.admits}` : null].filter(Boolean).join(' · ')}
      </p>
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="font-mono text-sm text-slate-500">{row.reference}</span>
        <State row={row} />
      </p>
      <div className="mt-2 grid grid-cols-2 gap-2 sm:flex">
        <Button
          size="sm"
          // Already in: still answers (Already checked in), but no longer the obvious next tap.
          variant={row.state === 'checked_in' ? 'secondary' : 'primary'}
          onClick={onAdmit}
          disabled={!live || busy}
          className="col-span-2 h-11 sm:h-9"
        >
          <UserCheck className="h-4 w-4" aria-hidden />
          Admit<span className="sr-only"> {row.holder_name}</span>
        </Button>
        <Button size="sm" variant="secondary" onClick={onResend} disabled={!live || !online}>
          <Mail className="h-4 w-4" aria-hidden />
          Mail ticket<span className="sr-only"> of {row.holder_name}</span>
        </Button>
        <Button size="sm" variant="secondary" onClick={onShowQr} disabled={!live || !online}>
          <QrCode className="h-4 w-4" aria-hidden />
          Show QR<span className="sr-only"> of {row.holder_name}&apos;s ticket</span>
        </Button>
      </div>
      {note && (
        <p
          className={clsx('mt-1 text-sm', note.ok ? 'text-emerald-700' : 'text-red-700')}
          role={note.ok ? 'status' : 'alert'}
        >
          {note.text}
        </p>
      )}
    </li>
  );
}

/**
 * The door finds people (docs/product.md, "Check-in"): by name, phone, email, company or booking
 * reference. Online the server searches (GET …/checkin/search); offline, or when the server
 * cannot be reached, the kit on this device does. "Admit" goes through the door's own scan with
 * the ticket's reference, so it is admitted once only and its verdict fills the screen like a
 * scan's. Re-sending the ticket by mail and showing its QR need the network. Memoised: the door
 * page draws again for every change of the door's state, this only when its own props change.
 */
export const DoorSearch = memo(function DoorSearch({
  eventId,
  kit,
  online,
  checking,
  onAdmit,
}: {
  eventId: number;
  kit: DoorKit;
  online: boolean;
  checking: boolean;
  /** Admits the ticket of this reference, as a typed reference at the door; answers why not when it could not. */
  onAdmit: (reference: string) => Promise<string | null>;
}) {
  const inputId = useId();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [notes, setNotes] = useState<Record<number, { ok: boolean; text: string }>>({});
  const [qrOf, setQrOf] = useState<DoorSearchRow | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), 250);
    return () => clearTimeout(timer);
  }, [text]);
  const long = q.length >= 2;
  const server = useQuery({
    queryKey: ['checkin', 'search', eventId, q],
    queryFn: ({ signal }) => searchDoor(eventId, q, signal),
    enabled: online && long,
    retry: false,
    // The door's own idea of the network decides (it also learns from calls that fail), not the browser's event alone.
    networkMode: 'always',
  });
  // No network, or the server out of reach: this device's list answers.
  const unreachable = server.isError && server.error instanceof ApiError && server.error.status === 0;
  const fromKit = !online || unreachable;
  const rows = fromKit ? searchKit(kit, q) : server.data;

  const admit = async (row: DoorSearchRow) => {
    const why = await onAdmit(row.reference);
    setNotes((n) => {
      const { [row.ticket_id]: _, ...rest } = n;
      return why ? { ...rest, [row.ticket_id]: { ok: false, text: why } } : rest;
    });
    if (!fromKit) await queryClient.invalidateQueries({ queryKey: ['checkin', 'search', eventId] });
  };
  const resend = async (row: DoorSearchRow) => {
    setNotes((n) => ({ ...n, [row.ticket_id]: { ok: true, text: 'Sending…' } }));
    try {
      const { sent_to } = await resendDoorTicket(eventId, row.ticket_id);
      setNotes((n) => ({ ...n, [row.ticket_id]: { ok: true, text: `Ticket sent to ${sent_to}` } }));
    } catch (err) {
      setNotes((n) => ({ ...n, [row.ticket_id]: { ok: false, text: notValid(err) } }));
    }
  };

  return (
    <section
      aria-labelledby={`${inputId}-title`}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id={`${inputId}-title`} className="text-lg font-bold">
        Find a person
      </h2>
      <label htmlFor={inputId} className="mt-2 block text-sm font-medium text-slate-700">
        Name, phone, email, company or booking reference
      </label>
      <div className="relative mt-1.5">
        <Search
          className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400"
          aria-hidden
        />
        <input
          id={inputId}
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          maxLength={100}
          autoComplete="off"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="search"
          placeholder="e.g. Wanjiku or 0712…"
          className="block h-12 w-full rounded-lg border border-slate-300 bg-white pl-9 pr-3 text-ink placeholder:text-slate-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/20"
        />
      </div>
      {fromKit && long && (
        <p className="mt-2 text-xs text-slate-500">Offline: searched in the ticket list on this device.</p>
      )}
      {text.trim().length === 1 && <p className="mt-2 text-sm text-slate-600">Type at least 2 letters.</p>}
      {long &&
        (!fromKit && server.isPending ? (
          <div className="mt-3 space-y-2" role="status" aria-label="Searching">
            <Skeleton className="h-20" />
            <Skeleton className="h-20" />
          </div>
        ) : !fromKit && server.isError ? (
          <p className="mt-3 text-sm text-red-700" role="alert">
            {errorMessage(server.error)}{' '}
            <button type="button" className="font-semibold underline" onClick={() => void server.refetch()}>
              Try again
            </button>
          </p>
        ) : rows && rows.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600" role="status">
            Nobody found for “{q}”.
          </p>
        ) : rows ? (
          <ul className="mt-2 divide-y divide-slate-100" aria-label="People found">
            {rows.map((row) => (
              <Row
                key={row.ticket_id}
                row={row}
                online={!fromKit}
                busy={checking}
                onAdmit={() => void admit(row)}
                onResend={() => void resend(row)}
                onShowQr={() => setQrOf(row)}
                note={notes[row.ticket_id]}
              />
            ))}
          </ul>
        ) : null)}
      {qrOf && <TicketQrDialog eventId={eventId} row={qrOf} onClose={() => setQrOf(null)} />}
    </section>
  );
});
