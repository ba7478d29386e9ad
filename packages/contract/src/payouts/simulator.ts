import { z } from 'zod';
import { envelope } from '../envelope.js';

/**
 * GET /dev/mpesa/received.json (the simulator only, never in production): the B2C and B2B
 * payments Daraja's simulator has made, as the receiving phone or business sees them, newest first.
 */
export const simulatorReceivedSchema = z.object({
  /** Daraja's TransactionID, the receipt the phone shows. */
  transaction_id: z.string(),
  kind: z.enum(['b2c', 'b2b']),
  /** The phone (2547…) or the paybill/till number that received. */
  receiver: z.string(),
  /** The paybill's account, for BusinessPayBill. */
  account: z.string().nullable(),
  /** Whole shillings. */
  amount: z.number(),
  sender: z.string(),
  received_at: z.string(),
  /** The message the phone shows ("SKL4ABC123 Confirmed. You have received Ksh2,333.00 from Tikiti …"). */
  message: z.string(),
});
export type SimulatorReceived = z.infer<typeof simulatorReceivedSchema>;
export const simulatorReceivedResponseSchema = envelope(z.array(simulatorReceivedSchema));
