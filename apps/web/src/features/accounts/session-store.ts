import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { AccountType, OrganiserMe, SignedIn } from '@tikiti/contract';
import { setSessionAccessor } from '../../lib/api-client';
import { persistFields } from '../../lib/persisted-state';

export type UserName = Pick<SignedIn, 'fn' | 'ln'>;
export type OrganiserRole = OrganiserMe['role'];

/** The session of docs/product.md#entities-and-fields, kept across reloads: token, account type and the person's name. */
export interface SessionState {
  token: string | null;
  accountType: AccountType | null;
  userName: UserName | null;
  /**
   * The organiser's role as v1/client/me last said (the menus follow it); kept so a door
   * device that reloads with no network still shows the door pages only.
   */
  role: OrganiserRole | null;
  setRole(role: OrganiserRole): void;
  signIn(token: string, accountType: AccountType, userName: UserName): void;
  /** A rotated token handed back in `auth`. */
  setToken(token: string): void;
  signOut(): void;
  /**
   * A guest's checkout key (docs/product.md#guest-checkout), kept apart from a sign-in: the
   * booking call hands it to a guest, and it opens only the bookings made with it (their
   * payment, success and e-tickets pages). Whoever holds only a key is not signed in: the top
   * bar offers Login / Register, and the booking forms ask for the guest's details.
   */
  checkoutKey: string | null;
  keepCheckoutKey(key: string): void;
  forgetCheckoutKey(): void;
}

const signedOut = { token: null, accountType: null, userName: null, role: null, checkoutKey: null };
const PERSISTED = ['token', 'accountType', 'userName', 'role', 'checkoutKey'] as const;

/** A guest's checkout key saved as a session by an older app (`ck1.…`): read back as the key it is. */
function keyApart<T extends Partial<SessionState>>(state: T): T {
  if (!state.token?.startsWith('ck1.')) return state;
  return { ...state, checkoutKey: state.token, token: null, accountType: null, userName: null, role: null };
}
const persisted = persistFields<SessionState, (typeof PERSISTED)[number]>(PERSISTED);
const signOutListeners = new Set<() => void>();

export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      ...signedOut,
      signIn: (token, accountType, userName) => set({ token, accountType, userName, role: null }),
      setRole: (role) => set({ role }),
      setToken: (token) => set({ token }),
      signOut: () => {
        set(signedOut);
        for (const listener of signOutListeners) listener();
      },
      keepCheckoutKey: (checkoutKey) => set({ checkoutKey }),
      forgetCheckoutKey: () => set({ checkoutKey: null }),
    }),
    { ...persisted, merge: (saved, current) => keyApart(persisted.merge!(saved, current)) },
  ),
);

export const isAuthenticated = (s: Pick<SessionState, 'token'>) => Boolean(s.token);

/**
 * Runs `listener` on every sign-out, by the person or by a 401/406. The app uses it to drop
 * other features' client state (a booking, an event draft) that belonged to that session.
 * Returns the unsubscribe function.
 */
export function onSignOut(listener: () => void): () => void {
  signOutListeners.add(listener);
  return () => signOutListeners.delete(listener);
}

/**
 * Hands the session to the API client (lib cannot import features, so the client asks
 * through this accessor): the token for `Auth`, rotated tokens, sign-out on 401/406, and a
 * guest's checkout key for the calls it opens.
 */
export function connectSessionToApi() {
  setSessionAccessor({
    token: () => useSession.getState().token,
    keepToken: (token) => useSession.getState().setToken(token),
    end: () => useSession.getState().signOut(),
    checkoutKey: () => useSession.getState().checkoutKey,
    forgetCheckoutKey: () => useSession.getState().forgetCheckoutKey(),
  });
}
