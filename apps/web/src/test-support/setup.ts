import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { clearAlert } from '../lib/alert';
import { setSessionEndHandler } from '../lib/api-client';
import { connectSessionToApi, useSession } from '../features/accounts';
import { useCheckout } from '../features/checkout';
import { useEventDrafts } from '../features/events';

/**
 * Every web test starts as the app does (the session handed to the API client) and signed
 * out, with empty client state and nothing in local storage; fetch is whatever the test stubs.
 * (Each test file loads its own modules, so stores start fresh per file; these resets keep
 * the tests of one file apart. Feature-internal stores are reset by their own tests.)
 */
beforeEach(() => {
  connectSessionToApi();
  setSessionEndHandler(() => {});
});

afterEach(() => {
  cleanup();
  useSession.setState({ token: null, accountType: null, userName: null, role: null, checkoutKey: null });
  useCheckout.setState({ booking: null, paymentSecrets: {}, payments: {}, guestDetails: null });
  useEventDrafts.setState({ draftEvent: null, storedEvent: null });
  clearAlert();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});
