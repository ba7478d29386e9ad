import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { RegisterStepOne } from '@tikiti/contract';
import { persistFields } from '../../lib/persisted-state';

/** What the sign-up pages carry from one page to the next, kept across reloads (docs/product.md#organiser-flows). */
export interface AccountDrafts {
  /** Registration step 1, held until step 2 creates the account. */
  registration: RegisterStepOne | null;
  /** The username the reset page works with (after register, forgot or an invite link). */
  resetUsername: string | null;
  setRegistration(registration: RegisterStepOne | null): void;
  setResetUsername(username: string | null): void;
}

export const useAccountDrafts = create<AccountDrafts>()(
  persist(
    (set) => ({
      registration: null,
      resetUsername: null,
      setRegistration: (registration) => set({ registration }),
      setResetUsername: (resetUsername) => set({ resetUsername }),
    }),
    persistFields<AccountDrafts, 'registration' | 'resetUsername'>(['registration', 'resetUsername']),
  ),
);
