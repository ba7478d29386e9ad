import { createEventResponseSchema, eventDetailsResponseSchema, type EventFields } from '@tikiti/contract';
import { apiCall } from '../../../lib/api-client';
import { useEventsMutation } from './keys';

/** The multipart body of the create and update calls (docs/api.md#events-organiser): the contract's text fields plus `file`. */
function eventFormData(values: EventFields, file?: File | null): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(values)) {
    if (value !== undefined && value !== null) body.append(name, String(value));
  }
  if (file) body.append('file', file, file.name);
  return body;
}

/** POST v1/event/register → 201, `data` the new event's id; the event starts as a draft. */
export function useCreateEvent() {
  return useEventsMutation(({ values, file }: { values: EventFields; file: File }) =>
    apiCall('event/register', {
      method: 'POST',
      body: eventFormData(values, file),
      side: 'organiser',
      schema: createEventResponseSchema.shape.data,
    }),
  );
}

/** PUT v1/event/update/{id} → 200 with the event; the image only when a new one was chosen. */
export function useUpdateEvent() {
  return useEventsMutation(({ id, values, file }: { id: number; values: EventFields; file?: File | null }) =>
    apiCall(`event/update/${id}`, {
      method: 'PUT',
      body: eventFormData(values, file),
      side: 'organiser',
      schema: eventDetailsResponseSchema.shape.data,
    }),
  );
}
