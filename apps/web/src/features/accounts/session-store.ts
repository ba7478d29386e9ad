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
}

const signedOut = { token: null, accountType: null, userName: null, role: null };
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
    }),
    persistFields<SessionState, 'token' | 'accountType' | 'userName' | 'role'>([
      'token',
      'accountType',
      'userName',
      'role',
    ]),
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
 * through this accessor): the token for `Auth`, rotated tokens, and sign-out on 401/406.
 */
export function connectSessionToApi() {
  setSessionAccessor({
    token: () => useSession.getState().token,
    keepToken: (token) => useSession.getState().setToken(token),
    end: () => useSession.getState().signOut(),
  });
}
