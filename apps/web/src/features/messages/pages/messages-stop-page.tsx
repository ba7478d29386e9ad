import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { CheckCircle2 } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/spinner';
import { ErrorState } from '../../../components/ui/states';
import { errorMessage } from '../../../lib/api-client';
import { routes } from '../../../lib/routes';
import { useTitle } from '../../../lib/use-title';
import { useStopMessages } from '../api/stop-messages';

/**
 * docs/product.md#messages-to-attendees `/messages/stop?token=…`: the link at the foot of every
 * message an organiser sends. Opening it stops that organiser's messages to the address at once,
 * without signing in (the page posts the signed token; a mail scanner that only fetches the link
 * changes nothing).
 */
export default function MessagesStopPage() {
  useTitle('Stop messages');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const stop = useStopMessages();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || !token) return;
    sent.current = true;
    stop.mutate(token);
  }, [token, stop]);

  let body;
  if (!token) body = <ErrorState message="This link is missing its code. Open the link from the message again." />;
  else if (stop.isError) body = <ErrorState message={errorMessage(stop.error)} />;
  else if (stop.isSuccess)
    body = (
      <div className="rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm" role="status">
        <CheckCircle2 className="mx-auto h-10 w-10 text-brand-700" aria-hidden />
        <h2 className="mt-4 text-lg font-semibold">No more messages from {stop.data.organizer}</h2>
        <p className="mt-1 text-slate-600">
          {stop.data.organizer} will not message {stop.data.address} again. Your tickets and booking emails still come.
        </p>
        <ButtonLink to={routes.home} className="mt-6">
          Back to Tikiti
        </ButtonLink>
      </div>
    );
  else body = <Loading label="Stopping messages..." />;
  return (
    <div className="mx-auto max-w-xl px-4 py-12 sm:px-6">
      <h1 className="sr-only">Stop messages</h1>
      {body}
    </div>
  );
}
