import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { CheckCircle2 } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/spinner';
import { ErrorState } from '../../../components/ui/states';
import { errorMessage } from '../../../lib/api-client';
import { routes } from '../../../lib/routes';
import { useTitle } from '../../../lib/use-title';
import { useWithdrawConsent } from '../api/my-data';

/**
 * docs/security.md#consent `/news/stop?token=…`: the link every marketing mail carries. Opening
 * it says no to news at once, without signing in (the page posts the signed token; a mail
 * scanner that only fetches the link changes nothing).
 */
export default function NewsStopPage() {
  useTitle('Stop news');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const withdraw = useWithdrawConsent();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || !token) return;
    sent.current = true;
    withdraw.mutate(token);
  }, [token, withdraw]);

  let body;
  if (!token) body = <ErrorState message="This link is missing its code. Open the link from the email again." />;
  else if (withdraw.isError) body = <ErrorState message={errorMessage(withdraw.error)} />;
  else if (withdraw.isSuccess)
    body = (
      <div className="rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm" role="status">
        <CheckCircle2 className="mx-auto h-10 w-10 text-brand-700" aria-hidden />
        <h2 className="mt-4 text-lg font-semibold">You will get no more news</h2>
        <p className="mt-1 text-slate-600">
          We will not send news about events to {withdraw.data.email}. Your tickets and booking emails still come.
        </p>
        <ButtonLink to={routes.home} className="mt-6">
          Back to Tikiti
        </ButtonLink>
      </div>
    );
  else body = <Loading label="Stopping news..." />;
  return (
    <div className="mx-auto max-w-xl px-4 py-12 sm:px-6">
      <h1 className="sr-only">Stop news</h1>
      {body}
    </div>
  );
}
