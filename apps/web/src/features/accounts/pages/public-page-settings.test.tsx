import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { answer, mockFetch } from '../../../test-support/fetch';
import { renderPage } from '../../../test-support/render';
import { useSession } from '../session-store';
import SettingsPage from './settings-page';

const profile = {
  id: 3,
  organization_name: 'Sauti Events Ltd',
  display_name: 'Sauti Events',
  organization_email_address: 'hello@sauti.example',
  organization_msisdn: '254712345678',
};
const page = { slug: 'sauti-events', description: 'Concerts in Nairobi.', logo: null };
const logoFile = () => new File([new Uint8Array(2048)], 'logo.png', { type: 'image/png' });

describe('Settings, "Your public page" (docs/product.md#organiser-page)', () => {
  beforeEach(() => {
    useSession.getState().signIn('tok', 'organizer', { fn: 'A', ln: 'O' });
  });

  it('links the page, counts characters, sends the description and logo, and says it is saved', async () => {
    const seen = mockFetch((req) => {
      if (req.path === '/v1/client/self') return answer(200, profile);
      if (req.method === 'PUT')
        return answer(200, { ...page, description: 'Live music, every month.', logo: '/media/abcdefabcdefabcdef.jpg' });
      return answer(200, page);
    });
    const { user } = renderPage(<SettingsPage />, { path: '/organizer/settings' });
    const description = await screen.findByLabelText('Description');
    expect(screen.getByRole('link', { name: /\/o\/sauti-events/ }).getAttribute('href')).toBe('/o/sauti-events');
    expect(screen.getByText(/20 \/ 1000 characters/)).toBeTruthy();

    await user.clear(description);
    await user.type(description, 'Live music, every month.');
    expect(screen.getByText(/24 \/ 1000 characters/)).toBeTruthy();
    await user.upload(screen.getByLabelText('Logo'), logoFile());
    expect(screen.getByRole('img', { name: 'Your logo' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save public page' }));

    expect(await screen.findByText('Your public page is saved.')).toBeTruthy();
    const put = seen.find((r) => r.method === 'PUT')!;
    expect(put.path).toBe('/v1/client/organisation/page');
    const body = put.body as FormData;
    expect(body.get('description')).toBe('Live music, every month.');
    expect((body.get('logo') as File).name).toBe('logo.png');
    expect(body.get('remove_logo')).toBeNull();
    expect(screen.getByRole('img', { name: 'Your logo' }).getAttribute('src')).toBe('/media/abcdefabcdefabcdef.jpg');
  });

  it('shows the server refusal beside its field and keeps what was typed; removing the logo sends remove_logo', async () => {
    let puts = 0;
    const seen = mockFetch((req) => {
      if (req.path === '/v1/client/self') return answer(200, profile);
      if (req.method === 'PUT') {
        puts++;
        if (puts === 1)
          return answer(415, { code: 'image.wrong_type' }, { description: 'The image must be a JPEG or PNG file' });
        return answer(200, { ...page, description: 'Kept text' });
      }
      return answer(200, { ...page, logo: '/media/abcdefabcdefabcdef.jpg' });
    });
    const { user } = renderPage(<SettingsPage />, { path: '/organizer/settings' });
    const description = await screen.findByLabelText('Description');
    await user.clear(description);
    await user.type(description, 'Kept text');
    await user.upload(screen.getByLabelText('Logo'), logoFile());
    await user.click(screen.getByRole('button', { name: 'Save public page' }));

    expect(await screen.findByText('The image must be a JPEG or PNG file')).toBeTruthy();
    expect((screen.getByLabelText('Description') as HTMLTextAreaElement).value).toBe('Kept text');
    expect(screen.queryByText('Your public page is saved.')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Remove logo' }));
    expect(screen.queryByRole('img', { name: 'Your logo' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save public page' }));
    await waitFor(() => expect(puts).toBe(2));
    expect(await screen.findByText('Your public page is saved.')).toBeTruthy();
    const body = seen.filter((r) => r.method === 'PUT')[1]!.body as FormData;
    expect(body.get('remove_logo')).toBe('true');
    expect(body.get('logo')).toBeNull();
  });

  it('refuses a description over 1,000 characters beside the field without sending it', async () => {
    const seen = mockFetch((req) => (req.path === '/v1/client/self' ? answer(200, profile) : answer(200, page)));
    const { user } = renderPage(<SettingsPage />, { path: '/organizer/settings' });
    const description = await screen.findByLabelText('Description');
    await user.clear(description);
    await user.click(description);
    await user.paste('a'.repeat(1001));
    expect(screen.getByText('At most 1000 characters')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save public page' }));
    expect(seen.some((r) => r.method === 'PUT')).toBe(false);
  });
});
