import type { ETicketItem } from '@tikiti/contract';
import type { AppContext } from '../../app-context.js';

export type CertificateLink = NonNullable<ETicketItem['certificate']>;
export type CertificateLinks = (ctx: AppContext, ticketIds: number[]) => Promise<Map<number, CertificateLink>>;

/**
 * Each ticket's certificate of attendance, once issued (docs/product.md#certificates-of-attendance).
 * The certificates feature builds on e-tickets, so it lends this at start-up (features/wiring.ts)
 * rather than e-tickets importing it; until then no ticket has one.
 */
let lookup: CertificateLinks = async () => new Map();

export function registerCertificateLinks(fn: CertificateLinks) {
  lookup = fn;
}

export const certificateLinks: CertificateLinks = (ctx, ticketIds) =>
  ticketIds.length === 0 ? Promise.resolve(new Map()) : lookup(ctx, ticketIds);
