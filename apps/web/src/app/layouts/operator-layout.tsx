import { useEffect } from 'react';
import { Navigate, NavLink, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import clsx from 'clsx';
import { Banknote, BarChart3, Building2, History, KeyRound, LogOut, Scale, ShieldCheck } from 'lucide-react';
import { AlertBanner } from '../../components/layout/alert-banner';
import { routes } from '../../lib/routes';
import { Loading } from '../../components/ui/spinner';
import { ErrorState } from '../../components/ui/states';
import { ApiError, errorMessage } from '../../lib/api-client';
import { useSession, useSignOut, useTotpStatus } from '../../features/accounts';
import { PageOutlet } from '../page-outlet';

// Issue 26: the operator's console, apart from the organiser's frame (docs/product.md#the-operator).
const menu = [
  { to: routes.operatorPayouts, label: 'Payouts', icon: Banknote },
  { to: routes.operatorOrganisations, label: 'Organisations', icon: Building2 },
  { to: routes.operatorLedger, label: 'Adjust', icon: Scale },
  { to: routes.operatorFigures, label: 'Figures', icon: BarChart3 },
  { to: routes.operatorAudit, label: 'Audit', icon: History },
  // Two-factor sign-in, recovery codes and sessions: reachable once the setup is done, too.
  { to: routes.operatorSecurity, label: 'Security', icon: KeyRound },
];

const navClass = ({ isActive }: { isActive: boolean }) =>
  clsx(
    'flex min-w-0 flex-col items-center gap-1 rounded-lg px-1 py-2 text-xs font-medium md:flex-row md:gap-2 md:px-3 md:text-sm',
    isActive ? 'bg-white/15 text-white' : 'text-slate-300 hover:bg-white/10 hover:text-white',
  );

/**
 * The operator console's frame: a dark top bar (so nobody mistakes it for an organiser's
 * dashboard) with the console's pages and sign-out. Without an operator's session it opens the
 * operator sign-in; an operator without two-factor sign-in (which every console call requires,
 * 403 `auth.totp_required`) is sent to its setup at /operator/security, the one page open to them.
 */
export function OperatorLayout() {
  const signedIn = useSession((s) => Boolean(s.token) && s.accountType === 'operator');
  if (!signedIn) return <Navigate to={routes.operator} replace />;
  return <OperatorConsole />;
}

function OperatorConsole() {
  const userName = useSession((s) => s.userName);
  const signOut = useSignOut('operator');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const totp = useTotpStatus('operator');
  const queryClient = useQueryClient();
  const recheck = totp.refetch;
  // A console call refused for want of two-factor sign-in (turned off in another tab): ask again,
  // and the answer sends the operator to the setup.
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        const error = event.type === 'updated' && event.action.type === 'error' ? event.action.error : null;
        if (error instanceof ApiError && error.code === 'auth.totp_required') void recheck();
      }),
    [queryClient, recheck],
  );
  const onSetup = pathname === routes.operatorSecurity;
  const twoFactorOn = totp.data?.enabled === true;
  let content;
  if (totp.isPending) content = <Loading />;
  else if (totp.isError)
    content = <ErrorState message={errorMessage(totp.error)} onRetry={() => void totp.refetch()} />;
  else if (!twoFactorOn && !onSetup) content = <Navigate to={routes.operatorSecurity} replace />;
  else content = <PageOutlet />;
  const logout = () => signOut.mutate(undefined, { onSettled: () => void navigate(routes.operator) });
  return (
    <div className="min-h-screen bg-surface">
      <header className="bg-slate-900 text-white">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-3 sm:px-6 md:flex-row md:items-center md:gap-6">
          <div className="flex items-center justify-between gap-3">
            <p className="flex items-center gap-2 font-bold tracking-tight">
              <ShieldCheck className="h-5 w-5 text-accent-300" aria-hidden />
              Tikiti operator
            </p>
            <button
              type="button"
              onClick={logout}
              className="flex items-center gap-2 rounded-lg px-2 py-1.5 text-sm text-slate-300 hover:bg-white/10 md:hidden"
            >
              <LogOut className="h-4 w-4" aria-hidden />
              Sign out
            </button>
          </div>
          {twoFactorOn ? (
            <nav className="grid grid-cols-3 gap-1 md:flex md:flex-1" aria-label="Operator">
              {menu.map(({ to, label, icon: Icon }) => (
                <NavLink key={to} to={to} className={navClass}>
                  <Icon className="h-4 w-4" aria-hidden />
                  {label}
                </NavLink>
              ))}
            </nav>
          ) : (
            <div className="hidden md:block md:flex-1" />
          )}
          <div className="hidden items-center gap-3 md:flex">
            {userName && <span className="text-sm text-slate-300">{`${userName.fn} ${userName.ln}`.trim()}</span>}
            <button
              type="button"
              onClick={logout}
              className="flex items-center gap-2 rounded-lg px-2 py-1.5 text-sm text-slate-300 hover:bg-white/10 hover:text-white"
            >
              <LogOut className="h-4 w-4" aria-hidden />
              Sign out
            </button>
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6 md:py-8">
        <AlertBanner className="mb-6" />
        {content}
      </main>
    </div>
  );
}
