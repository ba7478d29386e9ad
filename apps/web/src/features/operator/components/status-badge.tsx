import clsx from 'clsx';
import { PAYOUT_STATUS_WORDS, type PayoutStatus } from '@tikiti/contract';

const tone: Record<PayoutStatus, string> = {
  requested: 'bg-amber-50 text-amber-800 ring-amber-200',
  approved: 'bg-sky-50 text-sky-800 ring-sky-200',
  sending: 'bg-sky-50 text-sky-800 ring-sky-200',
  in_batch: 'bg-sky-50 text-sky-800 ring-sky-200',
  paid: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  failed: 'bg-red-50 text-red-800 ring-red-200',
  rejected: 'bg-red-50 text-red-800 ring-red-200',
};

/** A payout's status in words, coloured: waiting amber, on its way blue, paid green, refused red. */
export function StatusBadge({ status }: { status: PayoutStatus }) {
  return (
    <span
      className={clsx(
        'inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
        tone[status],
      )}
    >
      {PAYOUT_STATUS_WORDS[status]}
    </span>
  );
}

/** A small grey or coloured word beside an organisation's name. */
export function Tag({ children, tone: t = 'slate' }: { children: string; tone?: 'slate' | 'green' | 'red' }) {
  return (
    <span
      className={clsx(
        'inline-block whitespace-nowrap rounded px-1.5 py-0.5 text-xs font-medium',
        t === 'green' && 'bg-emerald-50 text-emerald-800',
        t === 'red' && 'bg-red-50 text-red-800',
        t === 'slate' && 'bg-slate-100 text-slate-700',
      )}
    >
      {children}
    </span>
  );
}
