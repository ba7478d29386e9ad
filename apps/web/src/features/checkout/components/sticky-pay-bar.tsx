import type { ReactNode } from 'react';

/**
 * On a phone, the total and the pay button stay at the bottom of the screen while the buyer
 * scrolls (docs/product.md#look-and-feel: phone first). Sticky, not fixed: it rests above the
 * footer at the end of the page instead of covering it. Wider screens show neither.
 */
export function StickyPayBar({ label, total, children }: { label: string; total: string; children: ReactNode }) {
  return (
    <div
      className="sticky bottom-0 z-20 border-t border-slate-200 bg-white/95 px-4 pb-[max(0.75rem,env(safe-area-inset-bottom))] pt-3 shadow-[0_-4px_12px_rgba(15,23,42,0.06)] backdrop-blur md:hidden"
      data-testid="sticky-pay-bar"
    >
      <div className="mx-auto flex max-w-xl items-center justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs text-slate-600">{label}</p>
          <p className="truncate text-lg font-bold text-ink">{total}</p>
        </div>
        <div className="shrink-0">{children}</div>
      </div>
    </div>
  );
}
