import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { answer, mockFetch } from '../../../test-support/fetch';
import { renderPage } from '../../../test-support/render';
import MessagesStopPage from './messages-stop-page';

const open = (at: string) => renderPage(<MessagesStopPage />, { path: '/messages/stop', at });

describe('the stop link of an organiser’s messages', () => {
  it('stops them at once, naming the organiser and the address', async () => {
    const seen = mockFetch(() => answer(200, { organizer: 'Fintech Kenya', address: 'w•••••@example.com' }));
    open('/messages/stop?token=abc.def');
    expect(await screen.findByText('No more messages from Fintech Kenya')).toBeTruthy();
    expect(screen.getByText(/will not message w•••••@example.com again/)).toBeTruthy();
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'POST', path: '/v1/messages/stop', body: { token: 'abc.def' } });
  });

  it('says a broken link is broken', async () => {
    mockFetch(() => answer(400, { code: 'privacy.link_invalid' }, { description: 'This link is not valid any more.' }));
    open('/messages/stop?token=forged');
    expect(await screen.findByText('This link is not valid any more.')).toBeTruthy();
  });
});
