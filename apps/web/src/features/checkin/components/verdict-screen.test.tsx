import { describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DoorVerdict } from '@tikiti/contract';
import { serverVerdict } from '../test-kit';
import { VerdictScreen } from './verdict-screen';

function show(verdict: DoorVerdict, extra: { offline?: boolean; outdated?: boolean } = {}) {
  const onNext = vi.fn();
  render(<VerdictScreen shown={{ verdict, offline: false, outdated: false, ...extra }} onNext={onNext} />);
  return { onNext, dialog: screen.getByRole('alertdialog'), user: userEvent.setup() };
}

const refused = (result: DoorVerdict['result']) =>
  serverVerdict({ result, ticket: null, persons: 0, ticket_ids: [], checked_in_at: null, checked_in_device: null });

describe('the full-screen verdict at the door', () => {
  it('admitted: green, the word, persons, holder and type; Next has the focus', async () => {
    const { dialog, onNext, user } = show(
      serverVerdict({ persons: 4, ticket: { ...serverVerdict().ticket!, ticket_type: 'Group of 4', admits: 4 } }),
    );
    expect(dialog.className).toContain('bg-green-700');
    expect(dialog.className).toContain('fixed inset-0');
    const d = within(dialog);
    expect(d.getByRole('heading', { name: 'Admitted' })).toBeTruthy();
    expect(d.getByText('Admit 4 people')).toBeTruthy();
    expect(d.getByText('Wanjiku Kamau')).toBeTruthy();
    expect(d.getByText('Group of 4 · TK-7Q2M9X')).toBeTruthy();
    expect(d.getByText('Let them in.')).toBeTruthy();
    expect(document.activeElement).toBe(d.getByRole('button', { name: 'Next' }));
    await user.keyboard('{Enter}');
    expect(onNext).toHaveBeenCalled();
  });

  it('already checked in: amber, with when and on which device', async () => {
    const { dialog, onNext, user } = show(
      serverVerdict({
        result: 'already_checked_in',
        persons: 0,
        ticket_ids: [],
        checked_in_at: new Date().toISOString(),
      }),
    );
    expect(dialog.className).toContain('bg-amber-400');
    expect(within(dialog).getByRole('heading', { name: 'Already checked in' })).toBeTruthy();
    expect(within(dialog).getByText(/^Checked in at \d\d:\d\d on Door 3F9K$/)).toBeTruthy();
    expect(within(dialog).queryByText(/^Admit/)).toBeNull();
    await user.keyboard('{Escape}');
    expect(onNext).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['other_event', 'Another event', 'This ticket is for a different event. Do not admit.'],
    ['refunded', 'Refunded', 'This ticket was refunded or its event cancelled. Do not admit.'],
    ['reissued', 'Re-issued', 'This ticket was re-issued — do not admit; ask for the new ticket.'],
    ['unknown', 'Unknown code', 'Not a ticket we issued, altered, or mistyped. Do not admit.'],
  ] as const)('%s: red, "%s", and what to do; a tap anywhere dismisses', async (result, title, advice) => {
    const { dialog, onNext, user } = show(refused(result));
    expect(dialog.className).toContain('bg-red-700');
    expect(within(dialog).getByRole('heading', { name: title })).toBeTruthy();
    expect(within(dialog).getByText(advice)).toBeTruthy();
    await user.click(within(dialog).getByText(advice));
    expect(onNext).toHaveBeenCalled();
  });

  it('buzzes once to let in and three times to stop, where the phone can', () => {
    const vibrate = vi.fn(() => true);
    Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true });
    try {
      show(serverVerdict());
      expect(vibrate).toHaveBeenLastCalledWith(80);
      cleanup();
      show(refused('unknown'));
      expect(vibrate).toHaveBeenLastCalledWith([200, 80, 200, 80, 200]);
    } finally {
      Reflect.deleteProperty(navigator, 'vibrate');
    }
  });

  it('a refunded ticket names its holder; an answer made offline says so; a newer code asks to update', () => {
    show(
      serverVerdict({ result: 'refunded', persons: 0, ticket_ids: [], checked_in_at: null, checked_in_device: null }),
      {
        offline: true,
      },
    );
    expect(screen.getByText('Wanjiku Kamau')).toBeTruthy();
    expect(screen.getByText(/Checked on this device, offline/)).toBeTruthy();
  });

  it('shows the delegate’s name, company and ticket type on every verdict, online and offline', () => {
    const delegate = { ...serverVerdict().ticket!, holder_name: 'Amina Njeri', company: 'Safaricom PLC' };
    for (const offline of [false, true]) {
      for (const verdict of [
        serverVerdict({ ticket: delegate }),
        serverVerdict({ result: 'reissued', ticket: delegate, persons: 0, ticket_ids: [] }),
      ]) {
        show(verdict, { offline });
        const d = within(screen.getByRole('alertdialog'));
        expect(d.getByText('Amina Njeri')).toBeTruthy();
        expect(d.getByText('Safaricom PLC')).toBeTruthy();
        expect(d.getByText('Delegate · TK-7Q2M9X')).toBeTruthy();
        cleanup();
      }
    }
  });

  it('an unknown code of a newer format asks to update the app instead of calling it forged', () => {
    show(refused('unknown'), { outdated: true, offline: true });
    expect(screen.getByText('This code is newer than this app. Reload the page to update it.')).toBeTruthy();
    expect(screen.queryByText('Not a ticket we issued, altered, or mistyped. Do not admit.')).toBeNull();
  });
});
