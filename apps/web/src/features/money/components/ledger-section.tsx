import { useState } from 'react';
import clsx from 'clsx';
import { Download } from 'lucide-react';
import { LEDGER_KIND_LABELS, type LedgerEntry } from '@tikiti/contract';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Panel } from '../../../components/ui/panel';
import { Loading } from '../../../components/ui/spinner';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { showAlert } from '../../../lib/alert';
import { formatDay, formatMoney, formatTime } from '../../../lib/format';
import { downloadLedgerCsv, useLedger, type LedgerRange } from '../api/money';

/** Entries drawn at first, and added by each "Show more": a busy month has thousands. */
const LEDGER_STEP = 25;

const signed = (amount: number, currency: string) =>
  amount > 0
    ? `+${formatMoney(amount, currency)}`
    : amount < 0
      ? `−${formatMoney(-amount, currency)}`
      : formatMoney(0, currency);

function EntryRow({ entry }: { entry: LedgerEntry }) {
  const fee = entry.fee + entry.fee_vat;
  return (
    <li className="grid gap-1 px-4 py-3 sm:grid-cols-[9rem_minmax(0,1fr)_9rem_9rem] sm:items-baseline sm:gap-4 sm:px-5">
      <p className="text-sm text-slate-500">
        <time dateTime={entry.at}>
          {formatDay(entry.at)}, {formatTime(entry.at)}
        </time>
      </p>
      <div className="min-w-0">
        <p className="text-ink">
          <span className="font-semibold">{LEDGER_KIND_LABELS[entry.kind]}</span>{' '}
          <span className="text-slate-500">{entry.reference}</span>
        </p>
        <p className="break-words text-sm text-slate-600">{entry.description}</p>
        {(entry.gross !== null || fee !== 0) && (
          <p className="text-xs text-slate-500">
            {entry.gross !== null &&
              (entry.gross < 0 ? (
                <>Returned to the buyer {formatMoney(-entry.gross, entry.currency)}</>
              ) : (
                <>Paid by the buyer {formatMoney(entry.gross, entry.currency)}</>
              ))}
            {entry.gross !== null && fee !== 0 && ' · '}
            {fee !== 0 && <>Service fee and VAT {formatMoney(fee, entry.currency)}</>}
          </p>
        )}
      </div>
      <p
        className={clsx(
          'font-semibold tabular-nums sm:text-right',
          entry.amount < 0 ? 'text-red-700' : 'text-emerald-700',
        )}
      >
        <span className="sr-only">Amount </span>
        {signed(entry.amount, entry.currency)}
      </p>
      <p className="text-sm tabular-nums text-slate-600 sm:text-right">
        <span className="sm:sr-only">Balance </span>
        {formatMoney(entry.balance, entry.currency)}
      </p>
    </li>
  );
}

/**
 * The organisation's ledger (docs/product.md#balances): every entry of a range of Nairobi days
 * (the last 30 by default), newest first, and the same rows as a CSV.
 */
export function LedgerSection() {
  const [range, setRange] = useState<LedgerRange>({ from: '', to: '' });
  const [downloading, setDownloading] = useState(false);
  const [shown, setShown] = useState(LEDGER_STEP);
  const ledger = useLedger(range);
  const fieldError = (path: string) =>
    ledger.error instanceof ApiError ? ledger.error.fieldErrors.find((e) => e.path === path)?.message : undefined;
  const download = async () => {
    setDownloading(true);
    try {
      await downloadLedgerCsv(range);
    } catch (err) {
      showAlert('danger', errorMessage(err));
    } finally {
      setDownloading(false);
    }
  };
  const rangeError = ledger.isError && (fieldError('from') || fieldError('to'));

  let body;
  if (ledger.isPending) body = <Loading />;
  else if (ledger.isError && !rangeError) {
    body = <ErrorState message={errorMessage(ledger.error)} onRetry={() => void ledger.refetch()} />;
  } else if (ledger.data && ledger.data.length === 0) {
    body = (
      <EmptyState title="No entries in these days">
        Sales, refunds, payouts and adjustments show here as they happen.
      </EmptyState>
    );
  } else if (ledger.data && !rangeError) {
    body = (
      <ol aria-label="Ledger entries" className="divide-y divide-slate-200 rounded-xl border border-slate-200">
        <li className="hidden px-5 py-2 text-xs font-semibold uppercase tracking-wide text-slate-500 sm:grid sm:grid-cols-[9rem_minmax(0,1fr)_9rem_9rem] sm:gap-4">
          <span>When</span>
          <span>What</span>
          <span className="text-right">Amount</span>
          <span className="text-right">Balance</span>
        </li>
        {ledger.data.slice(0, shown).map((e) => (
          <EntryRow key={e.id} entry={e} />
        ))}
      </ol>
    );
    if (ledger.data.length > shown) {
      body = (
        <>
          {body}
          <div className="mt-4 flex flex-col items-center gap-2 text-sm text-slate-600 sm:flex-row sm:justify-between">
            <span>
              Showing {shown} of {ledger.data.length} entries; the CSV holds them all.
            </span>
            <Button variant="secondary" size="sm" onClick={() => setShown((n) => n + LEDGER_STEP)}>
              Show {Math.min(LEDGER_STEP, ledger.data.length - shown)} more
            </Button>
          </div>
        </>
      );
    }
  }

  return (
    <Panel title="Ledger" intro="Every movement of your money. Without dates, the last 30 days." compact>
      <div className="mt-4 grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-start">
        <TextField
          label="From"
          type="date"
          value={range.from}
          max={range.to || undefined}
          error={fieldError('from')}
          onChange={(e) => {
            setRange((r) => ({ ...r, from: e.target.value }));
            setShown(LEDGER_STEP);
          }}
        />
        <TextField
          label="To"
          type="date"
          value={range.to}
          min={range.from || undefined}
          error={fieldError('to')}
          onChange={(e) => {
            setRange((r) => ({ ...r, to: e.target.value }));
            setShown(LEDGER_STEP);
          }}
        />
        <Button
          variant="secondary"
          className="sm:mt-7"
          onClick={() => void download()}
          busy={downloading}
          busyText="Preparing…"
          disabled={Boolean(rangeError)}
        >
          <Download className="h-4 w-4" aria-hidden />
          Download CSV
        </Button>
      </div>
      <div className="mt-4">{body}</div>
    </Panel>
  );
}
