import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatCountdown } from '../use-countdown';
import { HoldCountdown } from './hold-countdown';

describe('the hold countdown (docs/product.md#inventory: 15-minute holds)', () => {
  it('formats minutes and seconds, rounding up', () => {
    expect(formatCountdown(15 * 60_000)).toBe('15:00');
    expect(formatCountdown(14 * 60_000 + 32_000)).toBe('14:32');
    expect(formatCountdown(14 * 60_000 + 31_001)).toBe('14:32');
    expect(formatCountdown(9_000)).toBe('0:09');
  });

  it('counts down every second, then says the hold ended and offers to start again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    vi.setSystemTime(new Date('2026-03-01T08:00:00.000Z'));
    const startAgain = vi.fn();
    render(<HoldCountdown expiresAt="2026-03-01T08:14:32.000Z" onStartAgain={startAgain} />);
    expect(screen.getByRole('timer').textContent).toBe('Tickets held for 14:32');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByRole('timer').textContent).toBe('Tickets held for 14:31');
    await act(() => vi.advanceTimersByTimeAsync(14 * 60_000 + 30_000));
    expect(screen.getByRole('timer').textContent).toBe('Tickets held for 0:01');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain('Your hold on these tickets has ended');
    vi.useRealTimers();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Start again' }));
    expect(startAgain).toHaveBeenCalledOnce();
  });

  it('says at once when the hold has already ended', () => {
    render(<HoldCountdown expiresAt={new Date(Date.now() - 1000).toISOString()} onStartAgain={() => {}} />);
    expect(screen.getByRole('button', { name: 'Start again' })).toBeTruthy();
  });
});
