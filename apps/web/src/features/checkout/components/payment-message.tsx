import { useEffect, useRef } from 'react';
import clsx from 'clsx';
import { AlertCircle, CheckCircle2, Info } from 'lucide-react';
import type { Flash } from '../use-flash-message';

const tones = {
  error: { className: 'border-red-200 bg-red-50 text-red-800', Icon: AlertCircle },
  info: { className: 'border-brand-200 bg-brand-50 text-brand-900', Icon: Info },
  success: { className: 'border-emerald-200 bg-emerald-50 text-emerald-800', Icon: CheckCircle2 },
};

/**
 * The card form's message region: always present, so screen readers hear each new message.
 * A new message is scrolled into view, clear of a phone's pay bar at the bottom of the screen
 * (the buyer may have paid from that bar with the form half out of view).
 */
export function PaymentMessage({ flash }: { flash: Flash | null }) {
  const tone = flash ? tones[flash.tone] : null;
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (flash) region.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [flash]);
  return (
    <div
      ref={region}
      aria-live="assertive"
      aria-atomic
      data-testid="payment-message"
      className="scroll-mb-28 scroll-mt-24"
    >
      {flash && tone && (
        <p className={clsx('flex items-start gap-2 rounded-lg border px-3 py-2.5 text-sm font-medium', tone.className)}>
          <tone.Icon className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          {flash.text}
        </p>
      )}
    </div>
  );
}
