import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Download, FileText } from 'lucide-react';
import {
  addDays,
  DOCUMENT_KINDS,
  DOCUMENT_KIND_WORDS,
  formatNumber,
  nairobiDay,
  PAGE_SIZE,
  type DocumentKind,
  type InvoiceRow,
} from '@tikiti/contract';
import { useOwnEvents } from '../../events';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/field';
import { Loading } from '../../../components/ui/spinner';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { showAlert } from '../../../lib/alert';
import { formatDay, formatMoney, formatTime } from '../../../lib/format';
import { useTitle } from '../../../lib/use-title';
import { downloadInvoicePdf, downloadInvoicesCsv, useInvoices, type InvoiceFilters } from '../api/invoices';
import { UnmatchedPayments } from '../components/unmatched-payments';

/**
 * A document's amount as the PDF prints it: to the cent when it has cents, even in shillings,
 * whose prices the app otherwise shows whole (VAT is 16/116 of a price, rarely whole).
 */
const documentAmount = (major: number, currency: string) =>
  Number.isInteger(major) ? formatMoney(major, currency) : `${currency} ${formatNumber(major, 2)}`;

/** The last 30 Nairobi days, today included. */
function defaultFilters(eventId: number | null): InvoiceFilters {
  const today = nairobiDay(new Date());
  return { from: addDays(today, -29), to: today, eventId, kind: null };
}

function PdfButton({ row }: { row: InvoiceRow }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadInvoicePdf(row.pdf_url, row.number);
    } catch (err) {
      showAlert('danger', errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="secondary"
      size="sm"
      busy={busy}
      onClick={() => void download()}
      aria-label={`Download ${row.number} (PDF)`}
    >
      <FileText className="h-4 w-4" aria-hidden />
      PDF
    </Button>
  );
}

function InvoiceItem({ row }: { row: InvoiceRow }) {
  const credit = row.kind === 'credit_note';
  return (
    <li className="grid gap-2 px-4 py-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center sm:gap-4 sm:px-5">
      <div className="min-w-0">
        <p className="flex flex-wrap items-baseline gap-x-2">
          <span className="font-semibold text-ink">{row.number}</span>
          <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
            {DOCUMENT_KIND_WORDS[row.kind]}
          </span>
          {row.refers_to && <span className="text-sm text-slate-500">for {row.refers_to}</span>}
        </p>
        <p className="mt-0.5 break-words text-sm text-slate-700">
          {row.company_name ?? row.buyer_name}
          {row.buyer_kra_pin && <span className="text-slate-500"> · PIN {row.buyer_kra_pin}</span>}
          {row.po_number && <span className="text-slate-500"> · PO {row.po_number}</span>}
        </p>
        <p className="break-words text-sm text-slate-500">
          <time dateTime={row.issued_at}>
            {formatDay(row.issued_at)}, {formatTime(row.issued_at)}
          </time>{' '}
          · {row.event_title} · {row.booking_reference} · {row.payment_method}
          {row.payment_reference && <> {row.payment_reference}</>}
        </p>
      </div>
      <div className="flex items-center justify-between gap-4 sm:justify-end">
        <p className="text-right">
          <span className={credit ? 'font-semibold text-red-700' : 'font-semibold text-ink'}>
            {credit ? '−' : ''}
            {documentAmount(row.total, row.currency)}
          </span>
          <span className="block text-xs text-slate-500">
            {row.kind === 'receipt' ? 'no VAT' : `VAT ${documentAmount(row.vat, row.currency)}`}
          </span>
        </p>
        <PdfButton row={row} />
      </div>
    </li>
  );
}

/**
 * Invoices (docs/product.md#tax-documents): the tax invoices, receipts and credit notes the
 * organisation issued, for Nairobi days and optionally one event or kind; each PDF, and the CSV
 * for the accountant. Under them, paybill payments that matched no booking, to assign by hand.
 */
export default function InvoicesPage() {
  useTitle('Invoices');
  const [params] = useSearchParams();
  const fromUrl = Number(params.get('event'));
  const [filters, setFilters] = useState<InvoiceFilters>(() =>
    defaultFilters(Number.isInteger(fromUrl) && fromUrl > 0 ? fromUrl : null),
  );
  const [downloading, setDownloading] = useState(false);
  const invoices = useInvoices(filters);
  const events = useOwnEvents('all', 1, PAGE_SIZE.max);
  const change = (next: Partial<InvoiceFilters>) => setFilters((f) => ({ ...f, ...next }));
  const fieldError = (path: string) =>
    invoices.error instanceof ApiError ? invoices.error.fieldErrors.find((e) => e.path === path)?.message : undefined;
  const download = async () => {
    setDownloading(true);
    try {
      await downloadInvoicesCsv(filters);
    } catch (err) {
      showAlert('danger', errorMessage(err));
    } finally {
      setDownloading(false);
    }
  };

  const refused = invoices.error instanceof ApiError && invoices.error.fieldErrors.length > 0;
  let body;
  if (invoices.isPending) body = <Loading />;
  else if (invoices.isError && (refused || !invoices.data)) {
    body = refused ? null : (
      <ErrorState message={errorMessage(invoices.error)} onRetry={() => void invoices.refetch()} />
    );
  } else if (invoices.data.length === 0) {
    body = (
      <EmptyState title="No documents on these days">
        Tax invoices and receipts are issued when a booking is paid, credit notes when one is refunded.
      </EmptyState>
    );
  } else {
    body = (
      <>
        <p className="mb-2 text-sm text-slate-600" role="status">
          {invoices.data.length} {invoices.data.length === 1 ? 'document' : 'documents'}
        </p>
        <ol
          aria-label="Documents"
          className="divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
        >
          {invoices.data.map((r) => (
            <InvoiceItem key={r.id} row={r} />
          ))}
        </ol>
      </>
    );
  }

  return (
    <div className="space-y-8">
      <div>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Invoices</h1>
            <p className="mt-1 text-slate-600">Tax invoices, receipts and credit notes you issued to buyers.</p>
          </div>
          <Button
            variant="secondary"
            onClick={() => void download()}
            busy={downloading}
            busyText="Preparing…"
            disabled={refused}
          >
            <Download className="h-4 w-4" aria-hidden />
            Download CSV
          </Button>
        </div>
        <form
          className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4"
          onSubmit={(e) => e.preventDefault()}
          aria-label="Filters"
        >
          <TextField
            label="From"
            type="date"
            value={filters.from}
            error={fieldError('from')}
            onChange={(e) => change({ from: e.target.value })}
          />
          <TextField
            label="To"
            type="date"
            value={filters.to}
            error={fieldError('to')}
            onChange={(e) => change({ to: e.target.value })}
          />
          <SelectField
            label="Event"
            value={filters.eventId ?? ''}
            error={fieldError('event_id')}
            onChange={(e) => change({ eventId: e.target.value ? Number(e.target.value) : null })}
          >
            <option value="">All events</option>
            {filters.eventId !== null && !events.data?.data.some((e) => e.id === filters.eventId) && (
              <option value={filters.eventId}>Event {filters.eventId}</option>
            )}
            {events.data?.data.map((e) => (
              <option key={e.id} value={e.id}>
                {e.title}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Kind"
            value={filters.kind ?? ''}
            onChange={(e) => change({ kind: (e.target.value || null) as DocumentKind | null })}
          >
            <option value="">All documents</option>
            {DOCUMENT_KINDS.map((k) => (
              <option key={k} value={k}>
                {DOCUMENT_KIND_WORDS[k]}
              </option>
            ))}
          </SelectField>
        </form>
        <div className="mt-6">{body}</div>
      </div>
      <UnmatchedPayments />
    </div>
  );
}
