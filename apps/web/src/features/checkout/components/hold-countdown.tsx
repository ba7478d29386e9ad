import clsx from 'clsx';
import { Clock, TimerOff } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { formatCountdown, useCountdown } from '../use-countdown';

/**
 * How long the tickets stay held for this buyer ("Tickets held for 14:32"); once the hold has
 * ended it says so and offers to start again (docs/product.md#inventory: holds last 15 minutes).
 */
export function HoldCountdown({
  expiresAt,
  onStartAgain,
  className,
}: {
  expiresAt: string;
  onStartAgain: () => void;
  className?: string;
}) {
  const left = useCountdown(expiresAt);
  if (left === null) return null;
  if (left <= 0) {
    return (
      <div
        role="alert"
        className={clsx('rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900', className)}
      >
        <p className="flex items-center gap-2 font-semibold">
          <TimerOff className="h-4 w-4 shrink-0" aria-hidden /> Your hold on these tickets has ended
        </p>
        <p className="mt-1 text-red-800">
          The tickets went back on sale. Start again to hold them for another 15 minutes.
        </p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={onStartAgain}>
          Start again
        </Button>
      </div>
    );
  }
  const urgent = left < 2 * 60_000;
  return (
    <p
      role="timer"
      className={clsx(
        'flex items-center gap-2 rounded-xl px-4 py-2.5 text-sm font-medium',
        urgent ? 'bg-red-50 text-red-800' : 'bg-amber-50 text-amber-900',
        className,
      )}
    >
      <Clock className="h-4 w-4 shrink-0" aria-hidden />
      <span>
        Tickets held for <strong className="font-semibold tabular-nums">{formatCountdown(left)}</strong>
      </span>
    </p>
  );
}
