import type { PaymentProviderName } from '@tikiti/contract';
import type { AppContext } from '../../app-context.js';
import { invoicePaymentProvider } from '../invoices/index.js';
import { mpesaPaymentProvider } from '../mpesa/index.js';
import { cardProvider, type PaymentProvider } from '../payments/index.js';
import { FREE_PROVIDER, freeProvider } from './free-provider.js';

/**
 * The provider that holds a payment: M-Pesa's for `mpesa`, pay by invoice's for `invoice` (the
 * company's recorded and paybill payments), else the card provider of this app.
 */
export function providerNamed(ctx: AppContext, name: PaymentProviderName | string): PaymentProvider {
  if (name === 'mpesa') return mpesaPaymentProvider(ctx);
  if (name === 'invoice') return invoicePaymentProvider(ctx);
  // A booking of total 0: its intent id names its currency.
  if (name === FREE_PROVIDER) return freeProvider('');
  return cardProvider(ctx);
}
