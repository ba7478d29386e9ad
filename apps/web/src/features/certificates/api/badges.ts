import { useQuery, useQueryClient } from '@tanstack/react-query';
import { badgeSummaryResponseSchema, type BadgeLayout } from '@tikiti/contract';
import { api } from '../../../lib/api-client';
import { saveDownload } from './download';

const badgesKey = (eventId: number) => ['organiser', 'badges', eventId] as const;

/** GET v1/client/event/{id}/badges: how many badges, how many not printed yet, by ticket type. */
export function useBadgeSummary(eventId: number) {
  return useQuery({
    queryKey: badgesKey(eventId),
    queryFn: ({ signal }) =>
      api(`client/event/${eventId}/badges`, {
        side: 'organiser',
        signal,
        schema: badgeSummaryResponseSchema.shape.data,
      }),
  });
}

export interface BadgeChoice {
  layout: BadgeLayout;
  /** null: every ticket type. */
  ticketTypeId: number | null;
  notPrinted: boolean;
}

/**
 * Downloads GET v1/client/event/{id}/badges.pdf (which marks those badges printed), reporting
 * the bytes as they come; the summary is asked again afterwards.
 */
export function useDownloadBadges(eventId: number) {
  const queryClient = useQueryClient();
  return async (choice: BadgeChoice, onProgress: (received: number, total: number | null) => void) => {
    try {
      await saveDownload(`client/event/${eventId}/badges.pdf`, {
        query: {
          layout: choice.layout,
          ticket_type_id: choice.ticketTypeId,
          not_printed: choice.notPrinted ? 'true' : undefined,
        },
        fallbackName: 'badges.pdf',
        onProgress,
      });
    } finally {
      await queryClient.invalidateQueries({ queryKey: badgesKey(eventId) });
    }
  };
}
