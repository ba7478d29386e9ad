import { useState } from 'react';
import type { WebhookCreated } from '@tikiti/contract';
import { Panel } from '../../../components/ui/panel';
import { ErrorState, Skeleton } from '../../../components/ui/states';
import { errorMessage } from '../../../lib/api-client';
import { useTitle } from '../../../lib/use-title';
import { SettingsTabs } from '../../accounts';
import { useWebhooks } from '../api/webhooks';
import { SecretOnce, WebhookForm } from '../components/webhook-form';
import { WebhookList } from '../components/webhook-list';

/**
 * /organizer/integrations (docs/api.md#webhooks): the organisation's webhook endpoints. A new one
 * shows its signing secret once, with a copy button; each lists its deliveries (status, attempts,
 * the receiver's answer, time) with Resend.
 */
export default function IntegrationsPage() {
  useTitle('Integrations');
  const list = useWebhooks();
  const [created, setCreated] = useState<WebhookCreated | null>(null);
  return (
    <div className="mx-auto max-w-4xl">
      <h1 className="mb-4 text-2xl font-bold tracking-tight sm:text-3xl">Settings</h1>
      <SettingsTabs />
      <div className="space-y-6">
        <Panel
          title="Webhooks"
          intro="Tikiti sends your own system (a CRM, a spreadsheet service) each event as it happens: a JSON body signed with your endpoint’s secret."
        >
          <div className="mt-5 space-y-5">
            {created && <SecretOnce created={created} onDone={() => setCreated(null)} />}
            <WebhookForm onCreated={setCreated} />
          </div>
        </Panel>
        <section aria-labelledby="endpoints-heading">
          <h2 id="endpoints-heading" className="mb-3 text-lg font-bold">
            Endpoints
          </h2>
          {list.isPending ? (
            <div className="space-y-3" role="status" aria-label="Loading endpoints">
              <Skeleton className="h-24" />
            </div>
          ) : list.isError ? (
            <ErrorState message={errorMessage(list.error)} onRetry={() => void list.refetch()} />
          ) : (
            <WebhookList webhooks={list.data} />
          )}
        </section>
      </div>
    </div>
  );
}
