import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { answer, mockFetch } from '../../../test-support/fetch';
import { renderPage } from '../../../test-support/render';
import BuyerLoginPage from '../pages/buyer-login-page';
import { GOOGLE_SCRIPT } from './google-sign-in';

/**
 * Google's script fails to load, as when it is blocked or the visitor is offline. (Its own file: the
 * page loads the script once per visit, so a load that succeeded in another case would be reused.)
 */
describe('Google sign-in when Google’s script cannot load (docs/product.md#buyer-sign-in)', () => {
  it('shows no button and no divider, and the email form still works', async () => {
    const append = vi.spyOn(document.head, 'appendChild').mockImplementation((node) => {
      queueMicrotask(() => node.dispatchEvent(new Event('error')));
      return node;
    });
    mockFetch((req) =>
      req.path === '/v1/auth/config'
        ? answer(200, { google_client_id: '1234-tikiti.apps.googleusercontent.com' })
        : answer(404, null),
    );
    renderPage(<BuyerLoginPage />, { path: '/login' });
    await waitFor(() =>
      expect(append.mock.calls.some(([node]) => (node as HTMLScriptElement).src === GOOGLE_SCRIPT)).toBe(true),
    );
    await waitFor(() => expect(screen.queryByTestId('google-sign-in')).toBeNull());
    expect(screen.queryByText('or use your email')).toBeNull();
    expect(screen.getByLabelText('Email address')).toBeTruthy();
    // A failed load is forgotten (its element gone), so a later page tries again.
    expect(document.querySelectorAll(`script[src="${GOOGLE_SCRIPT}"]`)).toHaveLength(0);
  });
});
