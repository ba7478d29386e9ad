import { useEffect, useRef } from 'react';
import clsx from 'clsx';
import { AlertTriangle, CheckCircle2, XCircle } from 'lucide-react';
import type { DoorResult } from '@tikiti/contract';
import { countOf, formatDay, formatTime } from '../../../lib/format';
import type { Shown } from '../door-controller';

interface Look {
  title: string;
  tone: 'go' | 'wait' | 'stop';
  advice: string;
}

const LOOKS: Record<DoorResult, Look> = {
  admitted: { title: 'Admitted', tone: 'go', advice: 'Let them in.' },
  already_checked_in: { title: 'Already checked in', tone: 'wait', advice: 'This ticket was used before.' },
  other_event: { title: 'Another event', tone: 'stop', advice: 'This ticket is for a different event. Do not admit.' },
  refunded: {
    title: 'Refunded',
    tone: 'stop',
    advice: 'This ticket was refunded or its event cancelled. Do not admit.',
  },
  reissued: {
    title: 'Re-issued',
    tone: 'stop',
    advice: 'This ticket was re-issued — do not admit; ask for the new ticket.',
  },
  unknown: {
    title: 'Unknown code',
    tone: 'stop',
    advice: 'Not a ticket we issued, altered, or mistyped. Do not admit.',
  },
};

const TONES = {
  go: 'bg-green-700 text-white',
  wait: 'bg-amber-400 text-ink',
  stop: 'bg-red-700 text-white',
} as const;

const ICONS = { go: CheckCircle2, wait: AlertTriangle, stop: XCircle } as const;

const persons = (n: number) => countOf(n, 'person', 'people');

/** "at 14:02 on Door 3F9K", with the day when it was not today. */
function whenWhere(at: string | null, device: string | null): string {
  if (!at) return device ? `on ${device}` : '';
  const day = formatDay(at) === formatDay(new Date().toISOString()) ? '' : ` ${formatDay(at)},`;
  return `at${day} ${formatTime(at)}${device ? ` on ${device}` : ''}`;
}

/**
 * The door's answer, full screen: colour, icon and a word that cannot be mistaken at arm's
 * length (green admitted, amber already in, red for every refusal), what to do, and Next. A tap
 * anywhere, Enter or Escape dismisses it.
 */
export function VerdictScreen({ shown, onNext }: { shown: Shown; onNext: () => void }) {
  const { verdict, offline, outdated } = shown;
  const look = LOOKS[verdict.result];
  const Icon = ICONS[look.tone];
  const next = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    next.current?.focus();
    // Felt as well as seen, where the phone can: one short buzz to go, three to stop.
    navigator.vibrate?.(look.tone === 'go' ? 80 : look.tone === 'wait' ? [120, 80, 120] : [200, 80, 200, 80, 200]);
  }, [look.tone]);
  const t = verdict.ticket;

  return (
    // A tap anywhere on the verdict moves on to the next scan (a steward's other hand holds the
    // ticket); the keyboard and screen readers have the focused Next button and Escape.
    // eslint-disable-next-line jsx-a11y-x/no-noninteractive-element-interactions
    <div
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="door-verdict-title"
      aria-describedby="door-verdict-advice"
      data-result={verdict.result}
      className={clsx('fixed inset-0 z-50 flex flex-col items-center justify-center p-6 text-center', TONES[look.tone])}
      onClick={onNext}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onNext();
      }}
    >
      <div className="flex w-full max-w-lg flex-1 flex-col items-center justify-center">
        <Icon className="h-24 w-24 sm:h-32 sm:w-32" strokeWidth={2.5} aria-hidden />
        <h2 id="door-verdict-title" className="mt-4 text-5xl font-extrabold uppercase tracking-tight sm:text-6xl">
          {look.title}
        </h2>
        {verdict.result === 'admitted' && <p className="mt-4 text-3xl font-bold">Admit {persons(verdict.persons)}</p>}
        {t && (
          <div className="mt-5 space-y-1">
            <p className="text-3xl font-semibold break-words">{t.holder_name}</p>
            {t.company && <p className="text-2xl break-words">{t.company}</p>}
            <p className="text-xl">
              {t.ticket_type} · {t.booking_reference}
            </p>
          </div>
        )}
        {verdict.result === 'already_checked_in' && (
          <p className="mt-4 text-2xl font-semibold">
            Checked in {whenWhere(verdict.checked_in_at, verdict.checked_in_device)}
          </p>
        )}
        <p id="door-verdict-advice" className="mt-4 text-xl">
          {outdated ? 'This code is newer than this app. Reload the page to update it.' : look.advice}
        </p>
        {offline && (
          <p className="mt-4 rounded-full bg-black/15 px-4 py-1 text-sm font-medium">
            Checked on this device, offline: it syncs when the network returns
          </p>
        )}
      </div>
      <button
        ref={next}
        type="button"
        onClick={onNext}
        className="mb-2 h-16 w-full max-w-lg rounded-2xl bg-white/95 text-2xl font-bold text-ink shadow-lg focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-white"
      >
        Next
      </button>
      <p className="text-sm opacity-80">or tap anywhere</p>
    </div>
  );
}
