import type { BookingCreated, PaymentMethod } from '@tikiti/contract';
import { Button } from '../../../components/ui/button';
import { Panel } from '../../../components/ui/panel';
import type { BookingProblem } from '../booking-errors';
import { CardPayment } from './card-payment';
import { MpesaNumberField } from './mpesa-number-field';
import { MpesaPayment } from './mpesa-payment';
import { PaymentMethodOptions } from './payment-method-options';

/** What the payment page hands the panel of the chosen method. */
export interface MethodPanelProps {
  method: PaymentMethod;
  onMethod: (method: PaymentMethod) => void;
  mpesaOffered: boolean;
  /** The payment whose hold still runs for these details, if any. */
  payment: BookingCreated | undefined;
  phone: string;
  onPhone: (phone: string) => void;
  busy: boolean;
  problem: BookingProblem;
  /** Holds the tickets and creates the payment (again, for a new prompt or another number). */
  proceed: (opts?: { newPrompt?: boolean; phone?: string }) => void;
  onSettled: (clientSecret: string) => void;
  onCardBusy: (busy: boolean) => void;
  /** The card form's id, so the phone's pay bar can submit it. */
  formId: string;
}

/**
 * The payment page's "Payment method" panel (docs/product.md#routes-and-screens): the choice of
 * method, then M-Pesa's number and prompt or the card form, or Proceed while nothing is held. On
 * a phone the sticky pay bar does what the hidden buttons here do.
 */
export function PaymentMethodPanel(p: MethodPanelProps) {
  return (
    <Panel title="Payment method">
      <PaymentMethodOptions method={p.method} mpesaOffered={p.mpesaOffered} onSelect={p.onMethod} />
      {p.method === 'mpesa' ? (
        <div className="mt-6 border-t border-slate-200 pt-6">
          {p.payment ? (
            <MpesaPayment
              key={p.payment.client_secret}
              payment={p.payment}
              phone={p.phone}
              onSettled={p.onSettled}
              onNewPrompt={(number) => p.proceed({ newPrompt: true, phone: number })}
              sending={p.busy}
              phoneError={p.problem.phone}
            />
          ) : (
            <div className="space-y-4">
              <MpesaNumberField value={p.phone} error={p.problem.phone} onChange={p.onPhone} />
              <div className="hidden md:block">
                <Button
                  size="lg"
                  className="w-full"
                  busy={p.busy}
                  busyText="Sending the prompt..."
                  onClick={() => p.proceed()}
                >
                  Send M-Pesa prompt
                </Button>
              </div>
            </div>
          )}
        </div>
      ) : p.payment ? (
        <div className="mt-6 border-t border-slate-200 pt-6">
          <CardPayment
            key={`${p.method}:${p.payment.client_secret}`}
            payment={p.payment}
            formId={p.formId}
            payButtonOnPhone={false}
            onBusyChange={p.onCardBusy}
            onSettled={p.onSettled}
          />
        </div>
      ) : (
        <div className="mt-6 hidden md:block">
          <Button
            size="lg"
            className="w-full"
            busy={p.busy}
            busyText="Holding your tickets..."
            onClick={() => p.proceed()}
          >
            Proceed
          </Button>
        </div>
      )}
    </Panel>
  );
}

/** The phone's pay bar button for the same state: send the prompt, pay by card, or proceed. */
export function PayBarAction({
  method,
  payment,
  busy,
  cardBusy,
  formId,
  proceed,
}: Pick<MethodPanelProps, 'method' | 'payment' | 'busy' | 'formId' | 'proceed'> & { cardBusy: boolean }) {
  if (method === 'mpesa') {
    return payment ? null : (
      <Button size="lg" busy={busy} busyText="Sending..." onClick={() => proceed()}>
        Send prompt
      </Button>
    );
  }
  return payment ? (
    <Button type="submit" form={formId} size="lg" busy={cardBusy}>
      Pay now
    </Button>
  ) : (
    <Button size="lg" busy={busy} onClick={() => proceed()}>
      Proceed
    </Button>
  );
}
