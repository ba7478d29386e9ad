import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { listActivitySchema, type AuditAction } from '@tikiti/contract';
import { api, apiDownload } from '../../../lib/api-client';

/** The filters of the activity log: a person, a kind of action, Nairobi days (both included). */
export interface ActivityFilters {
  actorId: number | null;
  action: AuditAction | null;
  from: string;
  to: string;
}

export const ACTIVITY_PAGE_SIZE = 20;

const queryOf = (f: ActivityFilters) => ({ actor_id: f.actorId, action: f.action, from: f.from, to: f.to });

/** GET v1/client/activity: one page of the organisation's log, newest first. */
export function useActivity(filters: ActivityFilters, page: number) {
  return useQuery({
    queryKey: ['organiser', 'activity', filters, page],
    queryFn: ({ signal }) =>
      api('client/activity', {
        side: 'organiser',
        signal,
        query: { ...queryOf(filters), page, limit: ACTIVITY_PAGE_SIZE },
        schema: listActivitySchema,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Downloads GET v1/client/activity.csv with the same filters. */
export async function downloadActivityCsv(filters: ActivityFilters) {
  const { blob, fileName } = await apiDownload('client/activity.csv', { side: 'organiser', query: queryOf(filters) });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName ?? 'activity.csv';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
