import type { ReactNode } from 'react';
import { CalendarX2, CloudOff } from 'lucide-react';
import { Button } from './button';

/** An empty list: says so and offers the next step. */
export function EmptyState({ title, children, action }: { title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-surface px-6 py-14 text-center">
      <CalendarX2 className="h-10 w-10 text-slate-400" aria-hidden />
      <h3 className="mt-4 text-lg font-semibold">{title}</h3>
      {children && <div className="mt-1 max-w-md text-slate-600">{children}</div>}
      {action && <div className="mt-6">{action}</div>}
    </div>
  );
}

/** A failed load: says what happened and offers a retry. */
export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div
      className="flex flex-col items-center rounded-2xl border border-red-200 bg-red-50 px-6 py-12 text-center"
      role="alert"
    >
      <CloudOff className="h-10 w-10 text-red-400" aria-hidden />
      <h3 className="mt-4 text-lg font-semibold text-red-900">We couldn't load this</h3>
      <p className="mt-1 max-w-md text-red-800">{message}</p>
      {onRetry && (
        <Button variant="secondary" className="mt-6" onClick={onRetry}>
          Try again
        </Button>
      )}
    </div>
  );
}

/** A grey placeholder block while content loads. */
export function Skeleton({ className }: { className?: string }) {
  return <div className={`animate-pulse rounded-lg bg-slate-200 ${className ?? ''}`} aria-hidden />;
}
