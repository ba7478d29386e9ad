import { Navigate, NavLink, useLocation, useNavigate } from 'react-router';
import { PageOutlet } from '../page-outlet';
import clsx from 'clsx';
import {
  CalendarDays,
  History,
  ReceiptText,
  LayoutDashboard,
  LogOut,
  Plus,
  ScanLine,
  Settings,
  Wallet,
} from 'lucide-react';
import { AlertBanner } from '../../components/layout/alert-banner';
import { Logo } from '../../components/layout/logo';
import { Loading } from '../../components/ui/spinner';
import { ErrorState } from '../../components/ui/states';
import { errorMessage } from '../../lib/api-client';
import { routes } from '../../lib/routes';
import { isDoorOnly, useOrganiserRole, useSession, useSignOut } from '../../features/accounts';

const fullMenu = [
  { to: routes.dashboard, label: 'Overview', icon: LayoutDashboard },
  { to: routes.myEvents, label: 'Events', icon: CalendarDays },
  { to: routes.invoices, label: 'Invoices', icon: ReceiptText },
  // Issue 26: balances, payouts and statements.
  { to: routes.money, label: 'Money', icon: Wallet },
  { to: routes.doorEvents, label: 'Check-in', icon: ScanLine },
  { to: routes.mySettings, label: 'Settings', icon: Settings },
];
/** The owner also sees the activity log (docs/product.md#activity). */
const ownerMenu = [
  ...fullMenu.slice(0, -1),
  { to: routes.activity, label: 'Activity', icon: History },
  fullMenu.at(-1)!,
];
/** A door-only teammate (role `checkin`) sees the check-in pages and nothing else. */
const doorMenu = [{ to: routes.doorEvents, label: 'Check-in', icon: ScanLine }];
const isDoorPath = (path: string) => path === routes.doorEvents || path.startsWith(`${routes.doorEvents}/`);

const navClass = ({ isActive }: { isActive: boolean }) =>
  clsx(
    // Seven tabs share a 360 px phone: 11 px labels that never wrap ("Check-in" on one line).
    'flex min-w-0 flex-col items-center gap-1 whitespace-nowrap rounded-lg px-0.5 py-2 text-[11px] font-medium sm:px-1 sm:text-xs md:flex-row md:gap-3 md:px-3 md:text-sm',
    isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-100',
  );

/**
 * docs/product.md#organiser-side: side menu on every page (on phones a top bar of equal tabs,
 * icon over label, so all seven fit a 360 px screen without scrolling sideways), a dismissible
 * alert banner for results. Without an organiser session the pages cannot load anything,
 * so the organiser is sent to sign in (the same place a 401 sends them). The menu follows the
 * role v1/client/me gives: a door-only teammate sees Check-in only, and any other organiser
 * page sends them to the list of door events.
 */
export function OrganiserLayout() {
  const token = useSession((s) => s.token);
  const userName = useSession((s) => s.userName);
  const signOut = useSignOut('organiser');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { role, pending, error, retry } = useOrganiserRole();

  if (!token) return <Navigate to={routes.signIn} replace />;
  const doorOnly = isDoorOnly(role);
  if (doorOnly && !isDoorPath(pathname)) return <Navigate to={routes.doorEvents} replace />;
  const menu = doorOnly ? doorMenu : role === 'owner' ? ownerMenu : fullMenu;

  const logout = () => signOut.mutate(undefined, { onSettled: () => void navigate(routes.signIn) });
  const name = userName ? `${userName.fn} ${userName.ln}`.trim() : '';

  return (
    <div className="min-h-screen bg-surface md:flex">
      <aside className="border-b border-slate-200 bg-white md:w-64 md:shrink-0 md:border-b-0 md:border-r">
        <div className="md:sticky md:top-0 md:flex md:h-screen md:flex-col">
          <div className="flex h-16 items-center justify-between gap-3 px-4 md:px-6">
            <Logo to={doorOnly ? routes.doorEvents : routes.dashboard} />
            <button
              type="button"
              onClick={logout}
              className="flex items-center gap-2 rounded-lg px-2 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100 md:hidden"
            >
              <LogOut className="h-4 w-4" aria-hidden />
              Logout
            </button>
          </div>
          <nav
            className="grid auto-cols-fr grid-flow-col gap-1 px-3 pb-3 md:flex md:flex-1 md:flex-col md:px-4 md:pb-0"
            aria-label="Organiser"
          >
            {role &&
              menu.map(({ to, label, icon: Icon }) => (
                <NavLink key={to} to={to} className={navClass}>
                  <Icon className="h-4 w-4" aria-hidden />
                  {label}
                </NavLink>
              ))}
            {!doorOnly && role && (
              <NavLink
                to={routes.eventStep(1)}
                className="mt-4 hidden items-center justify-center gap-2 rounded-lg bg-accent-500 px-3 py-2 text-sm font-semibold text-ink hover:bg-accent-400 md:flex"
              >
                <Plus className="h-4 w-4" aria-hidden />
                Create Event
              </NavLink>
            )}
            <div className="mt-auto hidden border-t border-slate-200 py-4 md:block">
              {name && (
                <p className="truncate px-3 pb-2 text-sm text-slate-500" title={name}>
                  Signed in as <span className="font-medium text-ink">{name}</span>
                </p>
              )}
              <button
                type="button"
                onClick={logout}
                className="flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
              >
                <LogOut className="h-4 w-4" aria-hidden />
                Logout
              </button>
            </div>
          </nav>
        </div>
      </aside>
      <div className="min-w-0 flex-1">
        <main className="mx-auto max-w-6xl px-4 py-6 sm:px-6 md:py-10">
          <AlertBanner className="mb-6" />
          {/* The door pages open for every role, so they never wait for it: a door works offline (decision 0013). */}
          {pending && !isDoorPath(pathname) ? (
            <Loading />
          ) : error && !isDoorPath(pathname) ? (
            <ErrorState message={errorMessage(error)} onRetry={retry} />
          ) : (
            <PageOutlet />
          )}
        </main>
      </div>
    </div>
  );
}
