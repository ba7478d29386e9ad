import type { DocumentContent } from './document-content.js';

/**
 * Where an issued document is reported to KRA's eTIMS (docs/decisions/0027-invoices-are-the-organisers.md),
 * behind one interface like the payment providers. It is told about a document after the document
 * is issued and committed, and answers only its state: it never changes the number or content.
 */
export interface InvoiceTransmitter {
  readonly name: string;
  transmit(document: { id: number; organisationId: number; content: DocumentContent }): Promise<TransmissionResult>;
}

export type TransmissionResult =
  { state: 'not_transmitted' } | { state: 'transmitted'; reference: string } | { state: 'failed'; message: string };

/** The built-in transmitter: nothing is sent, and the document says "not transmitted". */
export const notTransmitted: InvoiceTransmitter = {
  name: 'none',
  transmit: () => Promise.resolve({ state: 'not_transmitted' }),
};

let current: InvoiceTransmitter = notTransmitted;

/** The transmitter in use (a real eTIMS one is a later step; tests may set their own). */
export const invoiceTransmitter = () => current;
export function setInvoiceTransmitter(t: InvoiceTransmitter) {
  current = t;
}
