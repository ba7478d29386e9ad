import { AlertBanner } from '../../../components/layout/alert-banner';
import { Skeleton, ErrorState } from '../../../components/ui/states';
import { errorMessage } from '../../../lib/api-client';
import { useTitle } from '../../../lib/use-title';
import { useMyData } from '../api/my-data';
import { ConsentPanel } from '../components/consent-panel';
import { CopyPanel } from '../components/copy-panel';
import { DeletePanel } from '../components/delete-panel';
import { DetailsPanel } from '../components/details-panel';

function Loading() {
  return (
    <div role="status" aria-label="Loading your data" className="space-y-6">
      <p className="sr-only">Loading your data...</p>
      {[0, 1, 2].map((i) => (
        <div key={i} className="space-y-3 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <Skeleton className="h-5 w-48" />
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-10 w-full max-w-md" />
        </div>
      ))}
    </div>
  );
}

/**
 * docs/product.md#my-data `/account/data`: a buyer's rights over their data in one place: correct
 * the name and phone, news on or off, a copy of everything, and deleting the account. Guarded by
 * the router (a buyer's session).
 */
export default function MyDataPage() {
  useTitle('My data');
  const query = useMyData();
  let body;
  if (query.isPending) body = <Loading />;
  else if (query.isError)
    body = <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
  else
    body = (
      <div className="space-y-6">
        <DetailsPanel data={query.data} />
        <ConsentPanel data={query.data} />
        <CopyPanel />
        <DeletePanel email={query.data.email} />
      </div>
    );
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-2xl font-bold sm:text-3xl">My data</h1>
      <p className="mt-2 text-slate-600">
        What Tikiti holds about you, and your rights over it under Kenya’s Data Protection Act.{' '}
        <a href="/privacy-policy" className="font-medium text-brand-700 hover:underline">
          Read the privacy policy
        </a>
        .
      </p>
      <AlertBanner className="mt-6" />
      <div className="mt-8">{body}</div>
    </div>
  );
}
