import { useCallback, useState } from 'react';
import type { BookingCreated, GuestDetails, PaymentMethod } from '@tikiti/contract';
import { useSingleFlight } from '../../lib/single-flight';
import type { BookingProblem } from './booking-errors';
import type { PaymentOptions } from './checkout-actions';
import type { PendingBooking } from './checkout-store';
import { isCompanyKey, type CompanyErrorKey } from './company';
import type { DelegateErrorKey } from './delegates';

/** startPayment, the checks and the error sorting: loaded on the first pick or press, not with the page. */
export const loadCheckoutActions = () => import('./checkout-actions');

const UNREACHABLE = 'We could not reach Tikiti. Check your connection and try again.';
const noProblem: BookingProblem = { message: '', details: {}, lines: {}, delegates: {}, company: {} };

/** A field whose error goes when it changes: a guest detail, the M-Pesa number, a ticket type (by id), a delegate card's or order question's (checkout/delegates.ts). */
export type BookingField = keyof GuestDetails | 'phone' | 'code' | number | DelegateErrorKey | CompanyErrorKey;
const isDelegateField = (field: string): field is DelegateErrorKey => field.includes('.');

/**
 * What pressing pay came to: the payment; `number` when M-Pesa needs a number the guest has not
 * given; the problem when it was refused; null when a press was already running.
 */
export type StartOutcome =
  | { kind: 'paying'; payment: BookingCreated }
  | { kind: 'number' }
  | { kind: 'refused'; problem: BookingProblem }
  | null;

/**
 * Pressing pay, for the details page's booking panel and the payment page alike: checks the
 * booking (docs/product.md#validation-rules), then holds it and creates its payment, reusing a
 * live one, one press at a time. What went wrong stays beside the field it concerns (guest
 * details, a ticket type, the M-Pesa number) until that field changes; the message shows in the
 * 'Error!' dialog until it is closed.
 */
export function useStartPayment() {
  const [busy, run] = useSingleFlight();
  const [problem, setProblem] = useState<BookingProblem>(noProblem);

  const start = useCallback(
    async (booking: PendingBooking, method: PaymentMethod, opts: PaymentOptions = {}): Promise<StartOutcome> => {
      let outcome: StartOutcome = null;
      await run(async () => {
        let actions;
        const refuse = (problem: BookingProblem) => {
          setProblem(problem);
          outcome = { kind: 'refused', problem };
        };
        try {
          actions = await loadCheckoutActions();
        } catch {
          // The checkout's code loads on demand: a dropped connection says so.
          return refuse({ ...noProblem, message: UNREACHABLE });
        }
        const checked = actions.checkBooking(booking, method);
        if ('problem' in checked) return refuse(checked.problem);
        setProblem(noProblem);
        let next = checked.booking;
        if (method === 'mpesa' && booking.phone === undefined) {
          const prompted = actions.withGuestPhone(booking);
          if (!prompted) {
            outcome = { kind: 'number' };
            return;
          }
          next = prompted;
        }
        try {
          outcome = { kind: 'paying', payment: await actions.startPayment(next, method, opts) };
        } catch (err) {
          refuse(actions.bookingErrorOf(err, next));
        }
      });
      return outcome;
    },
    [run],
  );

  /** These fields changed (guest details, the M-Pesa number, a ticket type by id, a delegate's field): their errors go. */
  const fieldsChanged = useCallback((...fields: BookingField[]) => {
    setProblem((p) => {
      const next = {
        ...p,
        details: { ...p.details },
        lines: { ...p.lines },
        delegates: { ...p.delegates },
        company: { ...p.company },
      };
      for (const field of fields) {
        if (field === 'phone') next.phone = undefined;
        else if (field === 'code') next.code = undefined;
        else if (typeof field === 'number') delete next.lines[field];
        else if (isCompanyKey(field)) delete next.company[field.slice('company.'.length) as keyof typeof next.company];
        else if (isDelegateField(field)) delete next.delegates[field];
        else {
          delete next.details[field];
          next.heldFor = undefined;
        }
      }
      return next;
    });
  }, []);

  const closeMessage = useCallback(() => setProblem((p) => ({ ...p, message: '' })), []);

  return { busy, start, problem, fieldsChanged, closeMessage };
}
