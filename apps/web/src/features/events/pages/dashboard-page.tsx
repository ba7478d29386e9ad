import { Link, Navigate } from 'react-router';
import { Plus } from 'lucide-react';
import { routes } from '../../../lib/routes';
import { ButtonLink } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useTitle } from '../../../lib/use-title';
import { useSession } from '../../accounts';
import { useOwnEvents } from '../api/list-own-events';
import { OwnEventsList } from '../components/own-events-list';
import { SummaryCards } from '../components/summary-cards';

const createLink = (
  <ButtonLink to={routes.eventStep(1)} variant="accent">
    <Plus className="h-4 w-4" aria-hidden />
    Create Event
  </ButtonLink>
);

/**
 * Dashboard (docs/product.md#organiser-side): greeting, the four figures, recently published events and drafts.
 * An organisation without any event goes straight to creating its first one (docs/product.md#organiser-side).
 */
export default function DashboardPage() {
  useTitle('Dashboard');
  const userName = useSession((s) => s.userName);
  const anyEvent = useOwnEvents('all', 1, 1);

  if (anyEvent.data?.total === 0) return <Navigate to={routes.eventStep(1)} replace />;

  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
            Hello{userName?.fn ? `, ${userName.fn}` : ''}
          </h1>
          <p className="mt-1 text-slate-600">Welcome back. Here is how your events are doing.</p>
        </div>
        {createLink}
      </div>
      {anyEvent.isPending ? (
        <Loading />
      ) : (
        <>
          <section className="mt-8" aria-label="Figures">
            <SummaryCards />
          </section>
          <section className="mt-10" aria-labelledby="dashboard-events">
            <h2 id="dashboard-events" className="sr-only">
              Your events
            </h2>
            <Tabs defaultValue="recentlyPublished">
              <TabsList aria-label="Events">
                <TabsTrigger value="recentlyPublished">Recently published</TabsTrigger>
                <TabsTrigger value="drafts">Drafts</TabsTrigger>
              </TabsList>
              <TabsContent value="recentlyPublished">
                <OwnEventsList
                  tab="recentlyPublished"
                  page={1}
                  empty={{
                    title: 'Nothing published this week',
                    body: 'Events you publish show here for 7 days.',
                    action: createLink,
                  }}
                />
              </TabsContent>
              <TabsContent value="drafts">
                <OwnEventsList
                  tab="drafts"
                  page={1}
                  empty={{
                    title: 'No drafts',
                    body: 'An event stays a draft until you add its tickets.',
                    action: createLink,
                  }}
                />
              </TabsContent>
            </Tabs>
            <p className="mt-6 text-right">
              <Link to={routes.myEvents} className="text-sm font-semibold text-brand-700 hover:underline">
                See all your events →
              </Link>
            </p>
          </section>
        </>
      )}
    </div>
  );
}
