import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { parseCurrency, type Event, type EventFields, type EventStepOne } from '@tikiti/contract';
import { persistFields } from '../../lib/persisted-state';

/** Step 1 of the create and edit forms: the details, with times as instants (ISO strings). */
export type EventDetails = EventStepOne;

/** The event being created (docs/product.md#organiser-flows), held in client state until step 3 publishes it. */
export type DraftEvent = EventDetails &
  /** Step 2's texts and delegates' rule, kept when the organiser goes back a step. */
  Partial<
    Pick<
      EventFields,
      | 'full_description'
      | 'short_description'
      | 'attendee_names'
      | 'changes_lock_hours'
      | 'invoice_payment_days'
      | 'service_fee'
    >
  > & {
    /** Set once step 2 has created the event (as a draft); step 3 adds its tickets to it. */
    id?: number;
    /** Set once step 3 has saved the tickets (publishing it): step 4 asks the questions, and step 3 is not saved twice. */
    tickets_saved?: boolean;
  };

/** The organiser's events in progress, kept across reloads: the one being created and the one being edited. */
export interface EventDraftsState {
  draftEvent: DraftEvent | null;
  /** The event picked on My events, edited by the edit pages. */
  storedEvent: Event | null;
  setDraftEvent(draft: DraftEvent | null): void;
  setStoredEvent(event: Event | null): void;
  clear(): void;
}

export const useEventDrafts = create<EventDraftsState>()(
  persist(
    (set) => ({
      draftEvent: null,
      storedEvent: null,
      setDraftEvent: (draftEvent) => set({ draftEvent }),
      setStoredEvent: (storedEvent) => set({ storedEvent }),
      clear: () => set({ draftEvent: null, storedEvent: null }),
    }),
    persistFields<EventDraftsState, 'draftEvent' | 'storedEvent'>(['draftEvent', 'storedEvent']),
  ),
);

/** The step-1 details of a saved event, for the edit forms and the update call. */
export function detailsOf(event: Event): EventDetails {
  return {
    title: event.title,
    category_id: event.category_id,
    // The contract types an event's currency as any text; one the form does not offer is an error, not a dollar.
    currency: parseCurrency(event.currency),
    start_time: event.start_time,
    end_time: event.end_time,
    location: event.location,
  };
}
