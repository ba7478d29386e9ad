import type { ReactNode } from 'react';
import clsx from 'clsx';
import { AlertCircle, CheckCircle2, Info, TriangleAlert, X } from 'lucide-react';

export type AlertType = 'danger' | 'success' | 'warning' | 'primary';

const styles: Record<AlertType, string> = {
  danger: 'border-red-200 bg-red-50 text-red-800',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-800',
  warning: 'border-amber-200 bg-amber-50 text-amber-900',
  primary: 'border-brand-200 bg-brand-50 text-brand-900',
};
const icons = { danger: AlertCircle, success: CheckCircle2, warning: TriangleAlert, primary: Info };

/** An inline message; with `onDismiss` it shows a close button (the organiser alert banner). */
export function Alert({
  type = 'primary',
  children,
  onDismiss,
  className,
}: {
  type?: AlertType;
  children: ReactNode;
  onDismiss?: () => void;
  className?: string;
}) {
  const Icon = icons[type];
  return (
    <div
      role={type === 'danger' ? 'alert' : 'status'}
      className={clsx('flex items-start gap-3 rounded-lg border px-4 py-3 text-sm', styles[type], className)}
    >
      <Icon className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <div className="flex-1">{children}</div>
      {onDismiss && (
        <button type="button" onClick={onDismiss} className="-m-1 rounded p-1 hover:bg-black/5" aria-label="Dismiss">
          <X className="h-4 w-4" aria-hidden />
        </button>
      )}
    </div>
  );
}
