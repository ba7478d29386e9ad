import type { PaymentProviderName } from '@tikiti/contract';
import type { AppContext } from '../../app-context.js';
import { mpesaPaymentProvider } from '../mpesa/index.js';
import { cardProvider, type PaymentProvider } from '../payments/index.js';

/** The provider that holds a payment: M-Pesa's for `mpesa`, else the card provider of this app. */
export function providerNamed(ctx: AppContext, name: PaymentProviderName | string): PaymentProvider {
  return name === 'mpesa' ? mpesaPaymentProvider(ctx) : cardProvider(ctx);
}
