import type { Event, EventStatus } from '@tikiti/contract';
import type { DraftEventDetails } from '../../../app/store';
import { apiRequest } from '../../../lib/api-client';

export interface EventFormValues extends Omit<DraftEventDetails, 'id'> {
  short_description: string;
  full_description: string;
  /** Only on update: 1 published, 2 draft. */
  status?: EventStatus;
}

/** The multipart body of the create and update calls (spec §7): text fields plus `file`. */
function eventFormData(values: EventFormValues, file?: File | null): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(values)) {
    if (value !== undefined && value !== null) body.append(name, String(value));
  }
  if (file) body.append('file', file, file.name);
  return body;
}

/** POST v1/event/register → 201, `data` the new event's id; the event starts as a draft. */
export function createEvent(values: EventFormValues, file: File) {
  return apiRequest<number>('event/register', { method: 'POST', body: eventFormData(values, file), side: 'organiser' });
}

/** PUT v1/event/update/{id} → 200 with the event; the image only when a new one was chosen. */
export function updateEvent(id: number, values: EventFormValues, file?: File | null) {
  return apiRequest<Event>(`event/update/${id}`, {
    method: 'PUT',
    body: eventFormData(values, file),
    side: 'organiser',
  });
}
