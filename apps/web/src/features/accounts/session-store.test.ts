import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { api } from '../../lib/api-client';
import { STORAGE_KEY } from '../../lib/persisted-state';
import { answer, mockFetch } from '../../test-support/fetch';
import { onSignOut, useSession } from './session-store';

const savedState = () => JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}').state;

describe('the session store', () => {
  it('signs in with token, account type and name, and keeps them in local storage', () => {
    useSession.getState().signIn('tok-1', 'organizer', { fn: 'Amina', ln: 'Otieno' });
    expect(useSession.getState()).toMatchObject({
      token: 'tok-1',
      accountType: 'organizer',
      userName: { fn: 'Amina', ln: 'Otieno' },
    });
    expect(savedState()).toEqual({
      token: 'tok-1',
      accountType: 'organizer',
      userName: { fn: 'Amina', ln: 'Otieno' },
      role: null,
      checkoutKey: null,
    });
  });

  it("keeps the organiser's role from v1/client/me, and a new sign-in forgets it until asked again", () => {
    useSession.getState().signIn('tok-1', 'organizer', { fn: 'Amina', ln: 'Otieno' });
    useSession.getState().setRole('checkin');
    expect(savedState()).toMatchObject({ token: 'tok-1', role: 'checkin' });
    useSession.getState().signIn('tok-2', 'organizer', { fn: 'Baraka', ln: 'Mwangi' });
    expect(useSession.getState().role).toBeNull();
  });

  it('signs out: forgets all three, here and in local storage, and tells whoever listens', () => {
    const listener = vi.fn();
    const stop = onSignOut(listener);
    useSession.getState().signIn('tok-1', 'user', { fn: 'A', ln: 'B' });
    useSession.getState().signOut();
    expect(useSession.getState()).toMatchObject({ token: null, accountType: null, userName: null, role: null });
    expect(savedState()).toEqual({ token: null, accountType: null, userName: null, role: null, checkoutKey: null });
    expect(listener).toHaveBeenCalledOnce();
    stop();
    useSession.getState().signOut();
    expect(listener).toHaveBeenCalledOnce();
  });

  it('keeps a guest’s checkout key apart from a sign-in, in local storage, until sign-out', async () => {
    useSession.getState().keepCheckoutKey('ck1.TK-7Q2M9X.key');
    expect(useSession.getState()).toMatchObject({ token: null, accountType: null, checkoutKey: 'ck1.TK-7Q2M9X.key' });
    expect(savedState()).toMatchObject({ token: null, checkoutKey: 'ck1.TK-7Q2M9X.key' });
    useSession.getState().signOut();
    expect(savedState()).toMatchObject({ token: null, checkoutKey: null });
  });

  it('reads a guest’s checkout key that an older app saved as a session back as the key, not a sign-in', async () => {
    localStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({
        state: { token: 'ck1.TK-7Q2M9X.key', accountType: 'user', userName: { fn: 'W', ln: 'K' } },
        version: 1,
      }),
    );
    await useSession.persist.rehydrate();
    expect(useSession.getState()).toMatchObject({
      token: null,
      accountType: null,
      userName: null,
      checkoutKey: 'ck1.TK-7Q2M9X.key',
    });
  });

  it('keeps a signed-in person signed in after a reload', async () => {
    localStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({ state: { token: 'saved', accountType: 'user', userName: { fn: 'W', ln: 'K' } }, version: 1 }),
    );
    await useSession.persist.rehydrate();
    expect(useSession.getState()).toMatchObject({
      token: 'saved',
      accountType: 'user',
      userName: { fn: 'W', ln: 'K' },
    });
  });

  it('reads the session saved by the app before the store split, with every other field beside it', async () => {
    localStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({
        state: {
          token: 'v1-token',
          accountType: 'organizer',
          userName: { fn: 'Amina', ln: 'Otieno' },
          booking: null,
          paymentSecrets: {},
          registration: null,
          resetUsername: 'amina@example.co.ke',
          draftEvent: null,
          storedEvent: null,
          message: { type: 'success', text: 'Saved' },
        },
        version: 1,
      }),
    );
    await useSession.persist.rehydrate();
    expect(useSession.getState().token).toBe('v1-token');
    expect(useSession.getState()).not.toHaveProperty('resetUsername');
    useSession.getState().setToken('rotated');
    expect(savedState()).toMatchObject({ token: 'rotated', resetUsername: 'amina@example.co.ke' });
  });

  it('is what the API client sends, rotates and ends (connected at start-up)', async () => {
    useSession.getState().signIn('tok-1', 'organizer', { fn: 'A', ln: 'B' });
    const seen = mockFetch((req) =>
      req.path === '/v1/client/self' ? answer(200, null, { headers: { auth: 'tok-2' } }) : answer(401, null),
    );
    await api('client/self', { side: 'organiser', schema: z.null() });
    expect(seen[0]!.headers.Auth).toBe('tok-1');
    expect(useSession.getState().token).toBe('tok-2');
    await expect(api('client/summary', { side: 'organiser', schema: z.null() })).rejects.toMatchObject({ status: 401 });
    expect(seen[1]!.headers.Auth).toBe('tok-2');
    expect(useSession.getState().token).toBeNull();
  });
});
