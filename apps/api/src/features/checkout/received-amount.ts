import { formatAmount, isCurrency, parseCurrency, toMajor } from '@tikiti/contract';

/** An amount as people read it; one in a currency we do not sell in is written in its minor units. */
const amountText = (minor: number, currency: string) =>
  isCurrency(currency) ? formatAmount(toMajor(minor, currency), currency) : `${minor} minor units of ${currency}`;

/**
 * Why a payment the provider says succeeded does not pay for the booking, or null when it does:
 * it must have taken the booking's exact total in the booking's currency
 * (docs/decisions/0024-payment-amount-checked.md). The words are shown to the organiser, and to
 * the buyer with what became of the payment.
 */
export function receivedMismatch(
  booking: { totalMinor: number; currency: string },
  received: { minor: number; currency: string },
): string | null {
  if (received.minor === booking.totalMinor && received.currency === booking.currency) return null;
  const total = formatAmount(toMajor(booking.totalMinor, parseCurrency(booking.currency)), booking.currency);
  return `Received ${amountText(received.minor, received.currency)}, not this booking's total of ${total}.`;
}

/** What was received, as the mail to the buyer says it. */
export const receivedText = (received: { minor: number; currency: string }) =>
  amountText(received.minor, received.currency);
