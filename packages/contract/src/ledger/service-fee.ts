import { z } from 'zod';

/**
 * Who pays the platform's service fee on an event's paid tickets (docs/product.md#service-fees):
 * `absorb` (the default) takes it from the organiser's share; `pass` adds it to what the buyer
 * pays, shown as its own "Service fee" line before payment.
 */
export const SERVICE_FEE_MODES = ['absorb', 'pass'] as const;
export type ServiceFeeMode = (typeof SERVICE_FEE_MODES)[number];
export const serviceFeeModeSchema = z.enum(SERVICE_FEE_MODES, { message: 'Absorb the fee or pass it to the buyer' });

export { SERVICE_FEE_VAT_PERCENT } from './fee-math.js';

/** Days after an event ends before its sales become available to pay out (the default of PAYOUT_DELAY_DAYS). */
export const DEFAULT_PAYOUT_DELAY_DAYS = 3;

/**
 * The service fee when the configuration says nothing (SERVICE_FEE_PERCENT, SERVICE_FEE_FIXED_KES,
 * SERVICE_FEE_FIXED_USD): 3.5 % of the ticket's price plus a fixed amount per currency, major units.
 */
export const SERVICE_FEE_DEFAULTS = { percent: 3.5, fixed: { KES: 30, USD: 0.3 } } as const;
