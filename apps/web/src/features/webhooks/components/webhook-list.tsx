import { useState } from 'react';
import clsx from 'clsx';
import { ChevronDown, RotateCw, Trash2 } from 'lucide-react';
import type { Webhook, WebhookDeliveryStatus } from '@tikiti/contract';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Pager } from '../../../components/ui/pager';
import { EmptyState, ErrorState, Skeleton } from '../../../components/ui/states';
import { showAlert } from '../../../lib/alert';
import { errorMessage } from '../../../lib/api-client';
import { formatDay, formatTime } from '../../../lib/format';
import {
  DELIVERIES_PER_PAGE,
  useDeleteWebhook,
  useDeliveries,
  useEnableWebhook,
  useResendDelivery,
} from '../api/webhooks';

const DELIVERY_CLASS: Record<WebhookDeliveryStatus, string> = {
  pending: 'bg-slate-100 text-slate-700 ring-slate-500/20',
  retrying: 'bg-amber-50 text-amber-800 ring-amber-600/20',
  succeeded: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20',
  failed: 'bg-red-50 text-red-700 ring-red-600/20',
};
const when = (iso: string) => `${formatDay(iso)}, ${formatTime(iso)}`;

function Deliveries({ webhook }: { webhook: Webhook }) {
  const [page, setPage] = useState(1);
  const log = useDeliveries(webhook.id, page);
  const resend = useResendDelivery(webhook.id);
  if (log.isPending) {
    return (
      <div className="space-y-2 p-4" role="status" aria-label="Loading deliveries">
        <Skeleton className="h-6" />
        <Skeleton className="h-6" />
      </div>
    );
  }
  if (log.isError) {
    return (
      <div className="p-4">
        <ErrorState message={errorMessage(log.error)} onRetry={() => void log.refetch()} />
      </div>
    );
  }
  if (log.data.total === 0) {
    return (
      <p className="p-4 text-sm text-slate-600">No deliveries yet: the first goes with the next event it receives.</p>
    );
  }
  const again = async (id: number) => {
    try {
      await resend.mutateAsync(id);
      showAlert('success', 'Sent again: the new delivery is at the top of the log.');
    } catch (err) {
      showAlert('danger', errorMessage(err));
    }
  };
  return (
    <div className="p-4 pt-2">
      {/* Positioned: the table's screen-reader-only texts must not stretch the page on a phone. */}
      <div className="relative overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Deliveries to {webhook.url}</caption>
          <thead className="border-b border-slate-200 text-xs text-slate-500">
            <tr>
              <th scope="col" className="py-2 pr-3 font-semibold">
                Event
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                Status
              </th>
              <th scope="col" className="px-3 py-2 text-right font-semibold">
                Attempts
              </th>
              <th scope="col" className="px-3 py-2 text-right font-semibold">
                Response
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                Time
              </th>
              <th scope="col" className="py-2 pl-3">
                <span className="sr-only">Resend</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {log.data.data.map((d) => (
              <tr key={d.id}>
                <td className="py-2.5 pr-3">
                  <span className="block font-mono text-xs text-ink">{d.type}</span>
                  <span className="block font-mono text-xs text-slate-500">{d.event_id}</span>
                </td>
                <td className="px-3 py-2.5">
                  <span
                    className={clsx(
                      'rounded-full px-2 py-0.5 text-xs font-semibold capitalize ring-1 ring-inset',
                      DELIVERY_CLASS[d.status],
                    )}
                  >
                    {d.status}
                  </span>
                  {d.error && <span className="mt-1 block max-w-56 text-xs text-red-700 wrap-anywhere">{d.error}</span>}
                </td>
                <td className="px-3 py-2.5 text-right tabular-nums">{d.attempts}</td>
                <td className="px-3 py-2.5 text-right tabular-nums">{d.response_code ?? '–'}</td>
                <td className="whitespace-nowrap px-3 py-2.5 text-slate-600">
                  <time dateTime={d.last_attempt_at ?? d.created_at}>{when(d.last_attempt_at ?? d.created_at)}</time>
                  {d.next_attempt_at && d.status === 'retrying' && (
                    <span className="block text-xs">next {when(d.next_attempt_at)}</span>
                  )}
                </td>
                <td className="py-2.5 pl-3 text-right">
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => void again(d.id)}
                    disabled={resend.isPending}
                    aria-label={`Resend ${d.type} ${d.event_id}`}
                  >
                    <RotateCw className="h-4 w-4" aria-hidden /> Resend
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {log.data.total > DELIVERIES_PER_PAGE && (
        <Pager
          page={page}
          total={log.data.total}
          noun="delivery"
          plural="deliveries"
          onPage={setPage}
          pageSize={DELIVERIES_PER_PAGE}
        />
      )}
    </div>
  );
}

function WebhookRow({ webhook }: { webhook: Webhook }) {
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteWebhook();
  const enable = useEnableWebhook();
  const panelId = `webhook-${webhook.id}-deliveries`;
  const disabled = webhook.status === 'disabled';

  const onDelete = async () => {
    try {
      await remove.mutateAsync(webhook.id);
      setConfirming(false);
      showAlert('success', `The endpoint ${webhook.url} is deleted.`);
    } catch (err) {
      setConfirming(false);
      showAlert('danger', errorMessage(err));
    }
  };
  const onEnable = async () => {
    try {
      await enable.mutateAsync(webhook.id);
      showAlert('success', 'The endpoint is on again.');
    } catch (err) {
      showAlert('danger', errorMessage(err));
    }
  };

  return (
    <li className="rounded-xl border border-slate-200 bg-white">
      <div className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="font-mono text-sm font-semibold text-ink wrap-anywhere">{webhook.url}</h3>
            <span
              className={clsx(
                'rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset',
                disabled
                  ? 'bg-red-50 text-red-700 ring-red-600/20'
                  : 'bg-emerald-50 text-emerald-800 ring-emerald-600/20',
              )}
            >
              {disabled ? 'Disabled' : 'Active'}
            </span>
          </div>
          {webhook.description && <p className="mt-1 text-sm text-slate-700">{webhook.description}</p>}
          <p className="mt-2 flex flex-wrap gap-1.5">
            {webhook.events.map((t) => (
              <span key={t} className="rounded-md bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-700">
                {t}
              </span>
            ))}
          </p>
          {disabled ? (
            <p className="mt-2 text-sm text-red-700">
              Turned off{webhook.disabled_at ? ` on ${formatDay(webhook.disabled_at)}` : ''} after{' '}
              {webhook.consecutive_failures} failed deliveries in a row.
            </p>
          ) : (
            webhook.consecutive_failures > 0 && (
              <p className="mt-2 text-sm text-amber-800">
                {webhook.consecutive_failures} failed deliveries in a row: check that your receiver answers 2xx.
              </p>
            )
          )}
        </div>
        <div className="flex shrink-0 gap-2">
          {disabled && (
            <Button size="sm" variant="secondary" onClick={() => void onEnable()} busy={enable.isPending}>
              Turn on again
            </Button>
          )}
          <Button
            size="sm"
            variant="secondary"
            onClick={() => setConfirming(true)}
            aria-label={`Delete the endpoint ${webhook.url}`}
          >
            <Trash2 className="h-4 w-4" aria-hidden /> Delete
          </Button>
        </div>
      </div>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        className="flex w-full items-center justify-between border-t border-slate-100 px-4 py-2.5 text-sm font-semibold text-brand-700 hover:bg-slate-50"
      >
        {open ? 'Hide deliveries' : 'Deliveries'}
        <ChevronDown className={clsx('h-4 w-4 transition-transform', open && 'rotate-180')} aria-hidden />
      </button>
      {open && (
        <div id={panelId} className="border-t border-slate-100">
          <Deliveries webhook={webhook} />
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title="Delete this endpoint?"
        confirmLabel="Delete endpoint"
        danger
        busy={remove.isPending}
        onConfirm={() => void onDelete()}
        onCancel={() => setConfirming(false)}
      >
        <p>{webhook.url} stops receiving events at once; deliveries not yet made are dropped. Its log goes with it.</p>
      </ConfirmDialog>
    </li>
  );
}

/** The organisation's endpoints, each with its state, its events, Delete, and its delivery log with Resend. */
export function WebhookList({ webhooks }: { webhooks: Webhook[] }) {
  if (webhooks.length === 0) {
    return (
      <EmptyState title="No endpoints yet">
        Add one above: Tikiti then sends your system each sale, refund and check-in as it happens, signed with your
        secret.
      </EmptyState>
    );
  }
  return (
    <ul className="space-y-3" aria-label="Endpoints">
      {webhooks.map((w) => (
        <WebhookRow key={w.id} webhook={w} />
      ))}
    </ul>
  );
}
