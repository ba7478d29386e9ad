import type { ReactNode } from 'react';
import { CalendarCheck2, QrCode, Users } from 'lucide-react';
import { AlertBanner } from '../../../components/layout/alert-banner';
import { Logo } from '../../../components/layout/logo';

const points = [
  { icon: CalendarCheck2, text: 'Create and publish events in minutes' },
  { icon: QrCode, text: 'Sell tickets with e-tickets and QR codes' },
  { icon: Users, text: 'Work on your events with your team' },
];

/**
 * The frame of the organiser's sign-up and sign-in pages: a brand panel beside the form on
 * wide screens, the form alone on phones, and the alert banner above the form.
 */
export function AuthShell({
  title,
  intro,
  children,
  footer,
  wide = false,
}: {
  title: ReactNode;
  intro?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className="min-h-screen bg-surface lg:grid lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
      <aside className="relative hidden overflow-hidden bg-brand-800 text-white lg:flex lg:flex-col lg:justify-between lg:p-12">
        <Logo light />
        <div>
          <h2 className="text-3xl font-bold leading-tight">Manage events, tickets, orders and much more.</h2>
          <ul className="mt-8 space-y-4 text-brand-100">
            {points.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-center gap-3">
                <span className="flex h-9 w-9 items-center justify-center rounded-full bg-white/10">
                  <Icon className="h-5 w-5 text-accent-300" aria-hidden />
                </span>
                {text}
              </li>
            ))}
          </ul>
        </div>
        <p className="text-sm text-brand-200">Ticketing made easy for corporate and professional events in Kenya.</p>
      </aside>
      <main className="flex min-h-screen flex-col px-4 py-8 sm:px-8 lg:py-12">
        <div className="lg:hidden">
          <Logo />
        </div>
        <div className={`mx-auto my-auto w-full py-8 ${wide ? 'max-w-2xl' : 'max-w-md'}`}>
          <AlertBanner className="mb-6" />
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
          {intro && <div className="mt-2 text-slate-600">{intro}</div>}
          <div className="mt-8">{children}</div>
          {footer && <div className="mt-8 text-sm text-slate-600">{footer}</div>}
        </div>
      </main>
    </div>
  );
}
