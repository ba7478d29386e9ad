import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { AccountType, Event, PaymentMethod, RegisterStepOne } from '@tikiti/contract';

/** A booking the buyer is about to pay for (spec §3 Booking form, with display data). */
export interface PendingBooking {
  event_id: number;
  event_title: string;
  tickets: { id: number; qty: number; price: number; name: string }[];
  payment_method: PaymentMethod;
  details?: { full_name: string; msisdn: string; email_address: string };
  total_price: number;
  currency: string;
}

/** Step 1 of event creation, held until step 2 creates the event (spec §4). */
export interface DraftEventDetails {
  title: string;
  category_id: number;
  currency: 'USD';
  start_time: string;
  end_time: string;
  location: string;
  /** Step 2's texts, kept when the organiser goes back a step. */
  full_description?: string;
  short_description?: string;
  /** Set once step 2 has created the event (as a draft); step 3 adds its tickets to it. */
  id?: number;
}

export interface AlertMessage {
  type: 'danger' | 'success' | 'warning' | 'primary';
  text: string;
}

/**
 * Client state of spec §3, persisted in local storage: token, account type, user name,
 * booking, payment secrets per method, the organiser's draft/stored event, messages.
 */
export interface SessionState {
  token: string | null;
  accountType: AccountType | null;
  userName: { fn: string; ln: string } | null;
  booking: PendingBooking | null;
  paymentSecrets: Partial<Record<PaymentMethod, string>>;
  registration: RegisterStepOne | null;
  /** The username the reset page works with (after register, forgot or an invite link). */
  resetUsername: string | null;
  draftEvent: DraftEventDetails | null;
  /** The event picked on My events, edited by the edit pages. */
  storedEvent: Event | null;
  message: AlertMessage | null;
  signIn(token: string, accountType: AccountType, userName: { fn: string; ln: string }): void;
  setToken(token: string): void;
  signOut(): void;
  set(partial: Partial<Omit<SessionState, 'signIn' | 'signOut' | 'setToken' | 'set'>>): void;
}

const signedOut = {
  token: null,
  accountType: null,
  userName: null,
  booking: null,
  paymentSecrets: {},
  draftEvent: null,
  storedEvent: null,
  message: null,
};

export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      ...signedOut,
      registration: null,
      resetUsername: null,
      signIn: (token, accountType, userName) => set({ token, accountType, userName }),
      setToken: (token) => set({ token }),
      signOut: () => set(signedOut),
      set: (partial) => set(partial),
    }),
    { name: 'tikiti', storage: createJSONStorage(() => localStorage), version: 1 },
  ),
);

export const isAuthenticated = (s: Pick<SessionState, 'token'>) => Boolean(s.token);
