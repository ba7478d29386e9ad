import { useSearchParams } from 'react-router';
import { Plus } from 'lucide-react';
import type { OwnEventTab } from '@tikiti/contract';
import { routes } from '../../../lib/routes';
import { ButtonLink } from '../../../components/ui/button';
import { PillTabsList, PillTabsTrigger, Tabs, TabsContent } from '../../../components/ui/tabs';
import { useTitle } from '../../../lib/use-title';
import { OwnEventsList } from '../components/own-events-list';

const TABS: { value: OwnEventTab; label: string; empty: string }[] = [
  { value: 'all', label: 'All', empty: 'Create your first event and start selling tickets.' },
  { value: 'ongoing', label: 'Ongoing', empty: 'No published event is running between yesterday and tomorrow.' },
  { value: 'upcoming', label: 'Upcoming', empty: 'No published event starts in the coming year.' },
  { value: 'drafts', label: 'Drafts', empty: 'An event stays a draft until you add its tickets.' },
  { value: 'ended', label: 'Ended', empty: 'None of your published events has ended yet.' },
];

const createLink = (
  <ButtonLink to={routes.eventStep(1)} variant="accent">
    <Plus className="h-4 w-4" aria-hidden />
    Create Event
  </ButtonLink>
);

/** My events (docs/product.md#organiser-side): tabs with the windows of docs/product.md#organiser-event-tabs, 10 per page; a card opens the edit pages. */
export default function MyEventsPage() {
  useTitle('My events');
  const [params, setParams] = useSearchParams();
  const tab = (TABS.find((t) => t.value === params.get('tab'))?.value ?? 'all') satisfies OwnEventTab;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const go = (next: { tab?: OwnEventTab; page?: number }) => {
    const t = next.tab ?? tab;
    const p = next.page ?? 1;
    setParams({
      ...(t === 'all' ? {} : { tab: t }),
      ...(p > 1 ? { page: String(p) } : {}),
    });
    window.scrollTo(0, 0);
  };

  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">My events</h1>
          <p className="mt-1 text-slate-600">Open an event to edit its details, image and tickets.</p>
        </div>
        {createLink}
      </div>
      <Tabs value={tab} onValueChange={(v) => go({ tab: v as OwnEventTab })} className="mt-8">
        <PillTabsList aria-label="Event filters">
          {TABS.map((t) => (
            <PillTabsTrigger key={t.value} value={t.value}>
              {t.label}
            </PillTabsTrigger>
          ))}
        </PillTabsList>
        {TABS.map((t) => (
          <TabsContent key={t.value} value={t.value}>
            {t.value === tab && (
              <OwnEventsList
                tab={t.value}
                page={page}
                onPage={(p) => go({ page: p })}
                empty={{ title: 'No Events', body: t.empty, action: createLink }}
              />
            )}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
