import {
  LEDGER_KIND_LABELS,
  LEDGER_MAX_DAYS,
  NAIROBI_OFFSET_MINUTES,
  parseCurrency,
  toMajor,
  type Balance,
  type LedgerEntry,
  type LedgerQuery,
} from '@tikiti/contract';
import type { AppContext } from '../../app-context.js';
import { invalidField } from '../../http/errors.js';
import { toCsv } from '../../lib/csv.js';
import { findOrganisationName, organisationBalancesBefore, organisationEntries, type EntryRow } from './ledger.repo.js';
import { organisationBalances } from './postings.js';
import { statementPdf, type Statement } from './statement-pdf.js';

const DAY_MS = 86_400_000;
const OFFSET_MS = NAIROBI_OFFSET_MINUTES * 60_000;

/** The instant a Nairobi day starts. */
const nairobiDayStart = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - OFFSET_MS);
/** Today in Nairobi, YYYY-MM-DD. */
const nairobiToday = (now: Date) => new Date(now.getTime() + OFFSET_MS).toISOString().slice(0, 10);

/** GET v1/client/balance (docs/product.md#balances): major units per currency. */
export async function balances(ctx: AppContext, organisationId: number): Promise<Balance[]> {
  const rows = await organisationBalances(ctx.db, organisationId, ctx.config.payoutDelayDays);
  return rows.map((b) => {
    const c = parseCurrency(b.currency);
    return {
      currency: c,
      pending: toMajor(b.pendingMinor, c),
      available: toMajor(b.availableMinor, c),
      paid_out: toMajor(b.paidOutMinor, c),
    };
  });
}

function rangeOf(q: LedgerQuery, now = new Date()) {
  const to = q.to ?? nairobiToday(now);
  const from = q.from ?? nairobiToday(new Date(nairobiDayStart(to).getTime() + OFFSET_MS - 29 * DAY_MS));
  const start = nairobiDayStart(from);
  const end = new Date(nairobiDayStart(to).getTime() + DAY_MS);
  if (end.getTime() - start.getTime() > LEDGER_MAX_DAYS * DAY_MS) {
    throw invalidField('from', `At most ${LEDGER_MAX_DAYS} days at a time`);
  }
  return { from, to, start, end };
}

function entryView(r: EntryRow): LedgerEntry {
  const c = parseCurrency(r.currency);
  return {
    id: r.id,
    at: r.at.toISOString(),
    kind: r.kind,
    reference: r.reference,
    description: r.description,
    event_id: r.event_id,
    currency: c,
    gross: r.gross_minor === null ? null : toMajor(r.gross_minor, c),
    fee: toMajor(r.fee_minor, c),
    fee_vat: toMajor(r.fee_vat_minor, c),
    amount: toMajor(r.amount_minor, c),
    balance: toMajor(r.balance_minor, c),
  };
}

/** GET v1/client/ledger?from&to: the organisation's entries, newest first. */
export async function ledgerEntries(ctx: AppContext, organisationId: number, q: LedgerQuery): Promise<LedgerEntry[]> {
  const { start, end } = rangeOf(q);
  return (await organisationEntries(ctx.db, organisationId, start, end, 'desc')).map(entryView);
}

const CSV_HEADERS = [
  'Date (EAT)',
  'Kind',
  'Reference',
  'Description',
  'Currency',
  'Gross',
  'Service fee',
  'VAT on fee',
  'Amount',
  'Balance',
];

function csvRows(rows: EntryRow[]) {
  return rows.map((r) => {
    const e = entryView(r);
    return [
      new Date(r.at.getTime() + OFFSET_MS).toISOString().slice(0, 16).replace('T', ' '),
      LEDGER_KIND_LABELS[e.kind],
      e.reference,
      e.description,
      e.currency,
      e.gross,
      e.fee,
      e.fee_vat,
      e.amount,
      e.balance,
    ];
  });
}

/** GET v1/client/ledger.csv?from&to: the same entries, oldest first. */
export async function ledgerCsv(ctx: AppContext, organisationId: number, q: LedgerQuery) {
  const { from, to, start, end } = rangeOf(q);
  const rows = await organisationEntries(ctx.db, organisationId, start, end, 'asc');
  return { fileName: `tikiti-ledger-${from}-to-${to}.csv`, csv: toCsv(CSV_HEADERS, csvRows(rows)) };
}

/** The month's statement per currency: opening, entries, totals by kind, closing (minor units). */
async function statementOf(ctx: AppContext, organisationId: number, month: string): Promise<Statement> {
  const start = nairobiDayStart(`${month}-01`);
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  const end = nairobiDayStart(`${next}-01`);
  const [opening, rows] = await Promise.all([
    organisationBalancesBefore(ctx.db, organisationId, start),
    organisationEntries(ctx.db, organisationId, start, end, 'asc'),
  ]);
  const currencies = [...new Set([...opening.keys(), ...rows.map((r) => r.currency)])].sort();
  return {
    month,
    currencies: currencies.map((currency) => {
      const own = rows.filter((r) => r.currency === currency);
      const sum = (pick: (r: EntryRow) => number) => own.reduce((s, r) => s + pick(r), 0);
      const open = opening.get(currency) ?? 0;
      return {
        currency: parseCurrency(currency),
        openingMinor: open,
        closingMinor: open + sum((r) => r.amount_minor),
        salesMinor: sum((r) => (r.kind === 'sale' ? (r.gross_minor ?? 0) : 0)),
        feesMinor: sum((r) => (r.kind === 'sale' || r.kind === 'refund' ? r.fee_minor : 0)),
        feeVatMinor: sum((r) => (r.kind === 'sale' || r.kind === 'refund' ? r.fee_vat_minor : 0)),
        refundsMinor: sum((r) => (r.kind === 'refund' ? -(r.gross_minor ?? 0) : 0)),
        payoutsMinor: sum((r) => (r.kind === 'payout' || r.kind === 'payout_returned' ? -r.amount_minor : 0)),
        adjustmentsMinor: sum((r) => (r.kind === 'adjustment' ? r.amount_minor : 0)),
        entries: own,
      };
    }),
  };
}

/** GET v1/client/statements/{YYYY-MM}.csv */
export async function statementCsv(ctx: AppContext, organisationId: number, month: string) {
  const s = await statementOf(ctx, organisationId, month);
  const rows = s.currencies.flatMap((c) => {
    const major = (minor: number) => toMajor(minor, c.currency);
    return [
      ['', 'Opening balance', '', '', c.currency, null, null, null, null, major(c.openingMinor)],
      ...csvRows(c.entries),
      ['', 'Closing balance', '', '', c.currency, null, null, null, null, major(c.closingMinor)],
    ];
  });
  return { fileName: `tikiti-statement-${month}.csv`, csv: toCsv(CSV_HEADERS, rows) };
}

/** GET v1/client/statements/{YYYY-MM}.pdf */
export async function statementPdfFile(ctx: AppContext, organisationId: number, month: string) {
  const [s, name] = await Promise.all([
    statementOf(ctx, organisationId, month),
    findOrganisationName(ctx.db, organisationId),
  ]);
  return { fileName: `tikiti-statement-${month}.pdf`, pdf: await statementPdf(s, name) };
}
