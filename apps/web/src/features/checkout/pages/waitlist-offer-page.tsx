import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Clock } from 'lucide-react';
import { lineTotal, parseCurrency, type WaitlistOffer } from '@tikiti/contract';
import { ButtonLink } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/spinner';
import { ErrorState } from '../../../components/ui/states';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { routes } from '../../../lib/routes';
import { useTitle } from '../../../lib/use-title';
import { useSession } from '../../accounts';
import { useWaitlistOffer } from '../api/waitlist-offer';
import { useCheckout, type PendingBooking } from '../checkout-store';

/** The booking an offer pays for: its type and quantity, for its person, with its token. */
export function offerBooking(offer: WaitlistOffer, token: string, guest: boolean): PendingBooking {
  return {
    event_id: offer.event_id,
    event_title: offer.event_title,
    tickets: [
      { id: offer.ticket_type_id, name: offer.ticket_type, qty: offer.quantity, price: offer.price_per_ticket },
    ],
    payment_method: 'card',
    ...(guest
      ? {
          details: {
            full_name: offer.full_name,
            email_address: offer.email_address,
            msisdn: offer.msisdn ?? '',
          },
        }
      : {}),
    total_price: lineTotal(offer.price_per_ticket, offer.quantity, parseCurrency(offer.currency)),
    currency: offer.currency,
    offer: token,
    offer_expires_at: offer.expires_at,
  };
}

function OfferEnded({ message, gone }: { message: string; gone: boolean }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <Clock className="mx-auto h-10 w-10 text-slate-400" aria-hidden />
      <h1 className="mt-4 text-2xl font-bold">{gone ? 'This offer has ended' : 'This offer link does not work'}</h1>
      <p className="mt-2 text-slate-600">{message}</p>
      <ButtonLink to={routes.allEvents} className="mt-8">
        Browse events
      </ButtonLink>
    </div>
  );
}

/**
 * `/waitlist/offer/{token}` (docs/product.md#waiting-list): the offer mail's link. The seats held
 * for the person open in checkout at once, with their details; the payment page books them with
 * the offer's token and shows until when they are held.
 */
export default function WaitlistOfferPage() {
  useTitle('Your seats from the waiting list');
  const token = useParams().token ?? '';
  const offer = useWaitlistOffer(token);
  const navigate = useNavigate();
  const guest = useSession((s) => !(s.token && s.accountType === 'user'));

  useEffect(() => {
    if (!offer.data) return;
    useCheckout.getState().startBooking(offerBooking(offer.data, token, guest));
    void navigate(routes.paymentMethod, { replace: true });
  }, [offer.data, token, guest, navigate]);

  if (!token) return <OfferEnded gone={false} message="The link is missing its code. Open it from the email again." />;
  if (offer.isError) {
    const code = offer.error instanceof ApiError ? offer.error.code : null;
    if (code === 'waitlist.offer_expired' || code === 'waitlist.offer_invalid') {
      return <OfferEnded gone={code === 'waitlist.offer_expired'} message={errorMessage(offer.error)} />;
    }
    return (
      <div className="mx-auto max-w-3xl px-4 py-16">
        <ErrorState message={errorMessage(offer.error)} onRetry={() => void offer.refetch()} />
      </div>
    );
  }
  return <Loading label="Opening your held seats..." />;
}
