import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { CheckCircle2 } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/spinner';
import { ErrorState } from '../../../components/ui/states';
import { errorMessage } from '../../../lib/api-client';
import { routes } from '../../../lib/routes';
import { useTitle } from '../../../lib/use-title';
import { useLeaveWaitlist } from '../api/waitlist-offer';

/**
 * `/waitlist/leave?token=…` (docs/product.md#waiting-list): the confirmation mail's link. Opening
 * it takes the person off the list at once (the page posts the token; a mail scanner that only
 * fetches the link changes nothing); leaving twice is harmless.
 */
export default function WaitlistLeavePage() {
  useTitle('Leave the waiting list');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const leave = useLeaveWaitlist();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || !token) return;
    sent.current = true;
    leave.mutate(token);
  }, [token, leave]);

  let body;
  if (!token) body = <ErrorState message="This link is missing its code. Open the link from the email again." />;
  else if (leave.isError) body = <ErrorState message={errorMessage(leave.error)} onRetry={() => leave.mutate(token)} />;
  else if (leave.isSuccess)
    body = (
      <div className="rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm" role="status">
        <CheckCircle2 className="mx-auto h-10 w-10 text-brand-700" aria-hidden />
        <h2 className="mt-4 text-lg font-semibold">You have left the waiting list</h2>
        <p className="mt-1 text-slate-600">
          You are no longer waiting for {leave.data.ticket_type} tickets to {leave.data.event_title}.
        </p>
        <ButtonLink to={routes.allEvents} className="mt-6">
          Browse events
        </ButtonLink>
      </div>
    );
  else body = <Loading label="Taking you off the list..." />;

  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <h1 className="mb-6 text-2xl font-bold tracking-tight">Waiting list</h1>
      {body}
    </div>
  );
}
