import { useMutation, useQueryClient } from '@tanstack/react-query';

/** Query keys of the organiser's events, so a save refreshes every list and figure at once. */
export const eventsKeys = {
  all: ['organiser', 'events'] as const,
  categories: ['organiser', 'categories'] as const,
};

/**
 * Every write to the organiser's events goes through here: once it succeeds, every list,
 * event and figure under `eventsKeys.all` is refreshed before the mutation resolves.
 */
export function useEventsMutation<TVariables, TData>(mutationFn: (variables: TVariables) => Promise<TData>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventsKeys.all }),
  });
}
