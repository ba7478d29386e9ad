import { NavLink, Outlet, useNavigate } from 'react-router';
import clsx from 'clsx';
import { CalendarDays, LayoutDashboard, LogOut, Settings } from 'lucide-react';
import { useSession } from '../../app/store';
import { routes } from '../../app/routes';
import { api } from '../../lib/api-client';
import { Alert } from '../ui/alert';
import { Logo } from './logo';

const menu = [
  { to: routes.dashboard, label: 'Overview', icon: LayoutDashboard },
  { to: routes.myEvents, label: 'Events', icon: CalendarDays },
  { to: routes.mySettings, label: 'Settings', icon: Settings },
];

/** Spec §2 organiser frame: side menu on every page, a dismissible alert banner for results. */
export function OrganiserLayout() {
  const { message, set, signOut, userName } = useSession();
  const navigate = useNavigate();
  const logout = async () => {
    try {
      await api('auth/logout', { method: 'POST', side: 'organiser' });
    } catch {
      // Signed out locally whatever the server says.
    }
    signOut();
    void navigate(routes.signIn);
  };
  return (
    <div className="min-h-screen bg-surface md:flex">
      <aside className="border-b border-slate-200 bg-white md:sticky md:top-0 md:flex md:h-screen md:w-64 md:flex-col md:border-b-0 md:border-r">
        <div className="flex h-16 items-center justify-between px-4 md:px-6">
          <Logo to={routes.dashboard} />
          {userName && <span className="text-sm text-slate-500 md:hidden">{userName.fn}</span>}
        </div>
        <nav className="flex gap-1 overflow-x-auto px-3 pb-3 md:flex-1 md:flex-col md:pb-0" aria-label="Organiser">
          {menu.map(({ to, label, icon: Icon }) => (
            <NavLink
              key={to}
              to={to}
              className={({ isActive }) =>
                clsx(
                  'flex shrink-0 items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium',
                  isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-100',
                )
              }
            >
              <Icon className="h-4 w-4" aria-hidden />
              {label}
            </NavLink>
          ))}
          <button
            type="button"
            onClick={logout}
            className="flex shrink-0 items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 md:mt-auto md:mb-4"
          >
            <LogOut className="h-4 w-4" aria-hidden />
            Logout
          </button>
        </nav>
      </aside>
      <div className="flex-1">
        <main className="mx-auto max-w-6xl px-4 py-6 sm:px-6 md:py-10">
          {message && (
            <Alert type={message.type} onDismiss={() => set({ message: null })} className="mb-6">
              {message.text}
            </Alert>
          )}
          <Outlet />
        </main>
      </div>
    </div>
  );
}
