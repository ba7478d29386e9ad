import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bookingPaymentsSchema, invoiceRowSchema, unmatchedPaymentSchema, type DocumentKind } from '@tikiti/contract';
import { z } from 'zod';
import { api, apiDownload } from '../../../lib/api-client';

/** The filters of the invoices list: Nairobi days (both included), an event, a kind of document. */
export interface InvoiceFilters {
  from: string;
  to: string;
  eventId: number | null;
  kind: DocumentKind | null;
}

const queryOf = (f: InvoiceFilters) => ({ from: f.from, to: f.to, event_id: f.eventId, kind: f.kind });
const invoiceListSchema = z.array(invoiceRowSchema);
const unmatchedListSchema = z.array(unmatchedPaymentSchema);

export const invoicesKeys = {
  all: ['organiser', 'invoices'] as const,
  unmatched: ['organiser', 'payments', 'unmatched'] as const,
};

/** GET v1/client/invoices?from&to[&event_id][&kind]: the documents issued, newest first. */
export function useInvoices(filters: InvoiceFilters) {
  return useQuery({
    queryKey: [...invoicesKeys.all, filters],
    queryFn: ({ signal }) =>
      api('client/invoices', { side: 'organiser', signal, query: queryOf(filters), schema: invoiceListSchema }),
    placeholderData: keepPreviousData,
  });
}

function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** GET v1/client/invoices.csv with the same filters: the accountant's file. */
export async function downloadInvoicesCsv(filters: InvoiceFilters) {
  const { blob, fileName } = await apiDownload('client/invoices.csv', { side: 'organiser', query: queryOf(filters) });
  saveBlob(blob, fileName ?? `invoices-${filters.from}-${filters.to}.csv`);
}

/** One document's PDF (`pdf_url`, GET v1/client/invoices/{id}/pdf), fetched with the Auth header. */
export async function downloadInvoicePdf(pdfUrl: string, number: string) {
  const { blob, fileName } = await apiDownload(pdfUrl, { side: 'organiser' });
  saveBlob(blob, fileName ?? `${number}.pdf`);
}

/** GET v1/client/payments/unmatched: paybill payments that matched no booking awaiting payment. */
export function useUnmatchedPayments() {
  return useQuery({
    queryKey: invoicesKeys.unmatched,
    queryFn: ({ signal }) =>
      api('client/payments/unmatched', { side: 'organiser', signal, schema: unmatchedListSchema }),
  });
}

/** POST v1/client/payments/unmatched/{id}/assign: applies it to a booking awaiting payment. */
export function useAssignPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, booking_reference }: { id: number; booking_reference: string }) =>
      api(`client/payments/unmatched/${id}/assign`, {
        method: 'POST',
        side: 'organiser',
        body: { booking_reference },
        schema: bookingPaymentsSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['organiser'] }),
  });
}
