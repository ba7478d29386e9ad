import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { organiserPageSettingsSchema } from '@tikiti/contract';
import { api } from '../../../lib/api-client';

const key = ['organiser', 'public-page'] as const;

/** GET v1/client/organisation/page: what the organisation's public page (/o/{slug}) shows. */
export function useOrganiserPageSettings() {
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      api('client/organisation/page', { side: 'organiser', signal, schema: organiserPageSettingsSchema }),
  });
}

/** PUT v1/client/organisation/page (multipart): the description, and a new logo or its removal. */
export function useSaveOrganiserPage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      description,
      logo,
      removeLogo,
    }: {
      description: string;
      logo: File | null;
      removeLogo: boolean;
    }) => {
      const body = new FormData();
      body.append('description', description);
      if (logo) body.append('logo', logo, logo.name);
      else if (removeLogo) body.append('remove_logo', 'true');
      return api('client/organisation/page', {
        method: 'PUT',
        body,
        side: 'organiser',
        schema: organiserPageSettingsSchema,
      });
    },
    onSuccess: (saved) => {
      client.setQueryData(key, saved);
      // The public page answers from the server's fresh copy next time it is opened.
      void client.invalidateQueries({ queryKey: ['organizer-page', saved.slug] });
    },
  });
}
