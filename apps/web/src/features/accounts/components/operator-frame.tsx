import type { ReactNode } from 'react';
import { ShieldCheck } from 'lucide-react';
import { AlertBanner } from '../../../components/layout/alert-banner';

/**
 * The frame of the operator's pages outside the console (sign-in, set-password): a white card on
 * the console's dark ground, so nobody mistakes them for an organiser's (docs/product.md#the-operator).
 */
export function OperatorFrame({
  title,
  intro,
  children,
  footer,
}: {
  title: ReactNode;
  intro: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="flex min-h-screen items-center justify-center bg-slate-900 px-4 py-10">
      <main className="w-full max-w-md rounded-2xl bg-white p-6 shadow-xl sm:p-8">
        <p className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wide text-brand-700">
          <ShieldCheck className="h-5 w-5" aria-hidden />
          Tikiti operator console
        </p>
        <AlertBanner className="mt-4" />
        <h1 className="mt-4 text-2xl font-bold tracking-tight">{title}</h1>
        <div className="mt-1 text-sm text-slate-600">{intro}</div>
        <div className="mt-6">{children}</div>
        {footer && <div className="mt-6 border-t border-slate-100 pt-4 text-sm">{footer}</div>}
      </main>
    </div>
  );
}
