import { Link, useParams } from 'react-router';
import { ErrorState, Skeleton } from '../../../components/ui/states';
import { Panel } from '../../../components/ui/panel';
import { errorMessage } from '../../../lib/api-client';
import { countOf } from '../../../lib/format';
import { routes } from '../../../lib/routes';
import { useTitle } from '../../../lib/use-title';
import { useOwnEvent } from '../../events';
import { useCertificateSettings } from '../api/certificates';
import { Register } from '../components/register';
import { SettingsForm } from '../components/settings-form';

/**
 * /organizer/event/{id}/certificates (docs/product.md#certificates-of-attendance): the event's
 * certificate settings, then its register. Reached from the event's card and edit pages like its
 * questions; a bookmarked address works.
 */
export default function CertificatesPage() {
  useTitle('Certificates');
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const event = useOwnEvent(valid ? id : 0);
  const settings = useCertificateSettings(valid ? id : 0);
  if (!valid) return <ErrorState message="This address does not name an event." />;
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Certificates</h1>
        <div className="mt-1 text-slate-600">
          {event.data && (
            <>
              Of attendance for <span className="font-medium text-ink">{event.data.title}</span> ·{' '}
            </>
          )}
          <Link to={routes.eventOrders(id)} className="font-semibold text-brand-700 hover:underline">
            Orders and attendees
          </Link>{' '}
          ·{' '}
          <Link to={routes.eventBadges(id)} className="font-semibold text-brand-700 hover:underline">
            Badges
          </Link>
        </div>
      </header>
      {settings.isPending ? (
        <div className="space-y-3" role="status" aria-label="Loading certificate settings">
          <Skeleton className="h-20" />
          <Skeleton className="h-40" />
        </div>
      ) : settings.isError ? (
        <ErrorState message={errorMessage(settings.error)} onRetry={() => void settings.refetch()} />
      ) : (
        <>
          <Panel
            title="Settings"
            intro={
              settings.data.ended
                ? 'The event has ended: turning certificates on issues them at once.'
                : 'Certificates are issued when the event ends, from the door’s check-ins.'
            }
          >
            <div className="mt-5">
              <SettingsForm eventId={id} settings={settings.data} />
            </div>
          </Panel>
          <Panel
            compact
            title="Register"
            intro={`${countOf(settings.data.issued, 'certificate')} issued${
              settings.data.revoked ? `, ${settings.data.revoked} revoked` : ''
            }. The CSV is the register a professional body asks for.`}
          >
            <div className="mt-5">
              <Register eventId={id} canIssue={settings.data.enabled} />
            </div>
          </Panel>
        </>
      )}
    </div>
  );
}
