import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { eventDetailsResponseSchema, listCategoriesResponseSchema } from '@tikiti/contract';
import { answer, mockFetch } from '../test-support/fetch';
import {
  api,
  apiCall,
  ApiError,
  isRetryable,
  setSessionAccessor,
  setSessionEndHandler,
  UNREADABLE_ANSWER,
} from './api-client';

const categories = listCategoriesResponseSchema.shape.data;

/** A session as the client sees it through its accessor (features/accounts provides the real one). */
function fakeSession(token: string | null, key: string | null = null) {
  const session = {
    current: token,
    key,
    token: () => session.current,
    keepToken: vi.fn((t: string) => {
      session.current = t;
    }),
    end: vi.fn(() => {
      session.current = null;
    }),
    checkoutKey: () => session.key,
    forgetCheckoutKey: vi.fn(() => {
      session.key = null;
    }),
  };
  setSessionAccessor(session);
  return session;
}

beforeEach(() => {
  fakeSession(null);
});

describe('the API client', () => {
  it('unwraps the envelope and hands back `data` parsed by the schema (unknown fields dropped)', async () => {
    const seen = mockFetch(() => answer(200, [{ id: 1, name: 'Conferences', internal: 'x' }]));
    await expect(api('category/view', { schema: categories })).resolves.toEqual([{ id: 1, name: 'Conferences' }]);
    expect(seen[0]).toMatchObject({ method: 'GET', path: '/v1/category/view' });
  });

  it('hands back the status_description with the data', async () => {
    mockFetch(() => answer(201, 42, { description: 'Event created' }));
    await expect(apiCall('event/register', { method: 'POST', schema: z.number() })).resolves.toMatchObject({
      data: 42,
      message: 'Event created',
    });
  });

  it('builds the query string without empty values and sends JSON bodies as JSON', async () => {
    const seen = mockFetch(() => answer(200, null));
    await api('event/view', { query: { page: 1, filter: '', start: undefined, category_id: 3 }, schema: z.null() });
    await api('contact', { method: 'POST', body: { name: 'Amina' }, schema: z.null() });
    expect(seen[0]!.path).toBe('/v1/event/view?page=1&category_id=3');
    expect(seen[1]!.headers['Content-Type']).toBe('application/json');
    expect(seen[1]!.body).toEqual({ name: 'Amina' });
  });

  it('sends the session token in the Auth header, and none on an anonymous call', async () => {
    fakeSession('tok-1');
    const seen = mockFetch(() => answer(200, null));
    await api('client/self', { schema: z.null() });
    await api('auth/login', { method: 'POST', anonymous: true, schema: z.null() });
    expect(seen[0]!.headers.Auth).toBe('tok-1');
    expect(seen[1]!.headers.Auth).toBeUndefined();
  });

  it('keeps a token rotated in the `auth` answer header', async () => {
    const session = fakeSession('old');
    mockFetch(() => answer(201, null, { headers: { auth: 'new-token' } }));
    await api('event/book', { method: 'POST', schema: z.null() });
    expect(session.keepToken).toHaveBeenCalledWith('new-token');
    expect(session.current).toBe('new-token');
  });

  it('hands the token of an anonymous call (a sign-in) to the caller instead of the session', async () => {
    const session = fakeSession('old');
    mockFetch(() => answer(200, null, { headers: { auth: 'signed-in' } }));
    const res = await apiCall('auth/login', { method: 'POST', anonymous: true, schema: z.null() });
    expect(res.token).toBe('signed-in');
    expect(session.keepToken).not.toHaveBeenCalled();
    expect(session.current).toBe('old');
  });

  it('sends a guest’s checkout key only on the calls it opens, and only when nobody is signed in', async () => {
    fakeSession(null, 'ck1.TK-7Q2M9X.key');
    const seen = mockFetch(() => answer(200, null));
    await api('tickets/view', { guest: true, schema: z.null() });
    await api('client/self', { schema: z.null() });
    fakeSession('tok-1', 'ck1.TK-7Q2M9X.key');
    await api('tickets/view', { guest: true, schema: z.null() });
    expect(seen.map((r) => r.headers.Auth)).toEqual(['ck1.TK-7Q2M9X.key', undefined, 'tok-1']);
  });

  it('hands a key given to a guest’s first booking to the caller, never to the session', async () => {
    const session = fakeSession(null);
    mockFetch(() => answer(201, null, { headers: { auth: 'ck1.TK-7Q2M9X.key' } }));
    const res = await apiCall('event/book', { method: 'POST', guest: true, schema: z.null() });
    expect(res.token).toBe('ck1.TK-7Q2M9X.key');
    expect(session.keepToken).not.toHaveBeenCalled();
    expect(session.current).toBeNull();
  });

  it('forgets a checkout key the server no longer knows and opens the buyer sign-in, ending no session', async () => {
    const session = fakeSession(null, 'ck1.TK-7Q2M9X.key');
    const ended = vi.fn();
    setSessionEndHandler(ended);
    mockFetch(() => answer(401, null, { description: 'Please sign in to continue' }));
    await expect(api('booking/retrieve', { method: 'POST', guest: true, schema: z.null() })).rejects.toMatchObject({
      status: 401,
    });
    expect(session.forgetCheckoutKey).toHaveBeenCalledOnce();
    expect(session.end).not.toHaveBeenCalled();
    expect(ended).toHaveBeenCalledWith('buyer');
  });

  it.each([401, 406])(
    'ends the session on %i and sends the visitor to the sign-in page of that side',
    async (status) => {
      const session = fakeSession('tok');
      const ended = vi.fn();
      setSessionEndHandler(ended);
      mockFetch(() => answer(status, null, { description: 'Session expired' }));
      const err = await api('client/self', { side: 'organiser', schema: z.null() }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ApiError);
      expect(err).toMatchObject({ status, message: 'Session expired' });
      expect(session.end).toHaveBeenCalledOnce();
      expect(ended).toHaveBeenCalledWith('organiser');
    },
  );

  it('leaves the session alone when an anonymous call (a failed sign-in) answers 401', async () => {
    const session = fakeSession('tok');
    const ended = vi.fn();
    setSessionEndHandler(ended);
    mockFetch(() => answer(401, null, { description: 'Wrong username or password' }));
    await expect(api('auth/login', { method: 'POST', anonymous: true, schema: z.null() })).rejects.toThrow(
      'Wrong username or password',
    );
    expect(session.end).not.toHaveBeenCalled();
    expect(ended).not.toHaveBeenCalled();
  });

  it('sends a buyer whose session ended to the buyer sign-in by default, and does nothing when signed out', async () => {
    fakeSession('tok');
    const ended = vi.fn();
    setSessionEndHandler(ended);
    mockFetch(() => answer(401, null));
    await expect(api('tickets/view', { schema: z.null() })).rejects.toThrow(ApiError);
    expect(ended).toHaveBeenCalledWith('buyer');
    ended.mockClear();
    await expect(api('tickets/view', { schema: z.null() })).rejects.toMatchObject({ status: 401 });
    expect(ended).not.toHaveBeenCalled();
  });

  it('leaves the ending to the caller when a sign-out call answers 401 (a guest’s checkout key)', async () => {
    const session = fakeSession('ck1.TK-7Q2M9X.key');
    const ended = vi.fn();
    setSessionEndHandler(ended);
    const seen = mockFetch(() => answer(401, null, { description: 'Please sign in to continue' }));
    await expect(api('auth/logout', { method: 'POST', endsSession: true, schema: z.null() })).rejects.toMatchObject({
      status: 401,
    });
    expect(seen[0]!.headers.Auth).toBe('ck1.TK-7Q2M9X.key');
    expect(session.end).not.toHaveBeenCalled();
    expect(ended).not.toHaveBeenCalled();
  });

  it('makes a malformed answer an error the user can read, never a silent cast', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch(() => answer(200, { id: 'seven', title: null }));
    const err = await api('event/details/7', { schema: eventDetailsResponseSchema.shape.data }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe(UNREADABLE_ANSWER);
    expect(isRetryable(err)).toBe(false);
  });

  it('makes an answer that is not an envelope (a proxy’s HTML page) the same readable error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch(() => ({ status: 200, raw: '<html>Bad gateway</html>' }));
    await expect(api('category/view', { schema: categories })).rejects.toThrow(UNREADABLE_ANSWER);
  });

  it('turns an error envelope into an ApiError with the server message and field errors', async () => {
    mockFetch(() =>
      answer(400, { errors: [{ path: 'email', message: 'Enter a valid email address' }] }, { description: 'Invalid' }),
    );
    const err = (await api('contact', { method: 'POST', schema: z.null() }).catch((e: unknown) => e)) as ApiError;
    expect(err).toMatchObject({ status: 400, message: 'Invalid' });
    expect(err.fieldErrors).toEqual([{ path: 'email', message: 'Enter a valid email address' }]);
    expect(isRetryable(err)).toBe(false);
  });

  it('carries the error’s code beside its message, on refusals and on an ended session alike', async () => {
    mockFetch((req) =>
      req.path === '/v1/event/book'
        ? answer(409, { code: 'booking.sold_out', errors: [] }, { description: 'VIP is sold out' })
        : answer(401, { code: 'auth.session_ended' }, { description: 'Your session has ended, please sign in again' }),
    );
    await expect(api('event/book', { method: 'POST', schema: z.null() })).rejects.toMatchObject({
      status: 409,
      code: 'booking.sold_out',
      message: 'VIP is sold out',
    });
    fakeSession('tok');
    setSessionEndHandler(vi.fn());
    await expect(api('tickets/view', { schema: z.null() })).rejects.toMatchObject({
      status: 401,
      code: 'auth.session_ended',
    });
  });

  it('has no code when the answer names none the contract knows, and keeps the message', async () => {
    mockFetch(() => answer(409, { code: 'no.such_code' }, { description: 'Something new' }));
    await expect(api('event/book', { method: 'POST', schema: z.null() })).rejects.toMatchObject({
      status: 409,
      code: null,
      message: 'Something new',
    });
  });

  it('says so plainly when the server cannot be reached, and that trying again may help', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const err = await api('category/view', { schema: categories }).catch((e: unknown) => e);
    expect(err).toMatchObject({
      status: 0,
      message: 'We could not reach Tikiti. Check your connection and try again.',
    });
    expect(isRetryable(err)).toBe(true);
  });
});
