import { useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { PageOutlet } from '../page-outlet';
import clsx from 'clsx';
import { Menu, X } from 'lucide-react';
import { Logo } from '../../components/layout/logo';
import { routes } from '../../lib/routes';
import { useSession, useSignOut } from '../../features/accounts';

const navLinks = [
  { to: routes.home, label: 'Home', end: true },
  { to: routes.allEvents, label: 'Browse Events' },
  { to: routes.aboutUs, label: 'About Us' },
  { to: routes.talkToUs, label: 'Contact' },
];

const linkClass = ({ isActive }: { isActive: boolean }) =>
  clsx(
    'rounded-lg px-3 py-2 text-sm font-medium transition-colors',
    isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-100 hover:text-ink',
  );

/** docs/product.md#buyer-side: top bar with active link and mobile toggle, bottom bar. */
function TopBar() {
  const [open, setOpen] = useState(false);
  const token = useSession((s) => s.token);
  const accountType = useSession((s) => s.accountType);
  const signOut = useSignOut('buyer');
  const navigate = useNavigate();
  const location = useLocation();
  const [lastPath, setLastPath] = useState(location.pathname);
  if (lastPath !== location.pathname) {
    setLastPath(location.pathname);
    setOpen(false);
  }

  const logout = () => signOut.mutate(undefined, { onSettled: () => void navigate(routes.home) });

  const accountLinks = token ? (
    <>
      {accountType === 'user' ? (
        <>
          <NavLink to={routes.myTickets} className={linkClass}>
            My Tickets
          </NavLink>
          <NavLink to={routes.myData} className={linkClass}>
            My Data
          </NavLink>
        </>
      ) : (
        <NavLink to={routes.dashboard} className={linkClass}>
          My Account
        </NavLink>
      )}
      <button
        type="button"
        onClick={logout}
        className="rounded-lg px-3 py-2 text-left text-sm font-medium text-slate-700 hover:bg-slate-100"
      >
        Logout
      </button>
    </>
  ) : (
    <>
      <NavLink to={routes.login} className={linkClass}>
        Login / Register
      </NavLink>
      <Link
        to={routes.signIn}
        className="rounded-lg bg-brand-700 px-4 py-2 text-center text-sm font-semibold text-white hover:bg-brand-800"
      >
        Host
      </Link>
    </>
  );

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Logo />
        <nav className="hidden items-center gap-1 md:flex" aria-label="Main">
          {navLinks.map((l) => (
            <NavLink key={l.to} to={l.to} end={l.end} className={linkClass}>
              {l.label}
            </NavLink>
          ))}
        </nav>
        <div className="hidden items-center gap-1 md:flex">{accountLinks}</div>
        <button
          type="button"
          className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 md:hidden"
          aria-expanded={open}
          aria-controls="mobile-nav"
          aria-label={open ? 'Close menu' : 'Open menu'}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? <X className="h-6 w-6" aria-hidden /> : <Menu className="h-6 w-6" aria-hidden />}
        </button>
      </div>
      {open && (
        <nav
          id="mobile-nav"
          className="flex flex-col gap-1 border-t border-slate-200 px-4 py-3 md:hidden"
          aria-label="Mobile"
        >
          {navLinks.map((l) => (
            <NavLink key={l.to} to={l.to} end={l.end} className={linkClass}>
              {l.label}
            </NavLink>
          ))}
          <div className="mt-2 flex flex-col gap-1 border-t border-slate-200 pt-3">{accountLinks}</div>
        </nav>
      )}
    </header>
  );
}

const footerColumns = [
  {
    title: 'Explore',
    links: [
      { to: routes.allEvents, label: 'Browse events' },
      { to: routes.register, label: 'Host an event' },
      { to: routes.blog, label: 'Blog' },
    ],
  },
  {
    title: 'Company',
    links: [
      { to: routes.home, label: 'Home' },
      { to: routes.aboutUs, label: 'About Us' },
      { to: routes.talkToUs, label: 'Contact' },
      { to: routes.privacy, label: 'Privacy policy' },
    ],
  },
];

function Footer() {
  return (
    <footer className="bg-ink text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-5">
        <div className="sm:col-span-2">
          <Logo light />
          <p className="mt-4 max-w-md text-sm leading-6 text-slate-400">
            Tikiti is Kenya's ticketing platform for corporate and professional events: conferences, summits, trainings
            and networking evenings. Organisers create, manage and sell tickets; attendees book in minutes and get
            e-tickets with QR codes.
          </p>
        </div>
        {footerColumns.map((col) => (
          <div key={col.title}>
            <h2 className="text-sm font-semibold text-white">{col.title}</h2>
            <ul className="mt-4 space-y-2 text-sm">
              {col.links.map((l) => (
                <li key={l.to}>
                  <Link className="hover:text-white" to={l.to}>
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
        <div>
          <h2 className="text-sm font-semibold text-white">Get in touch</h2>
          <ul className="mt-4 space-y-2 text-sm">
            <li>
              <a className="hover:text-white" href="mailto:hello@tikiti.co.ke">
                hello@tikiti.co.ke
              </a>
            </li>
            <li>
              <a className="hover:text-white" href="tel:+254700000000">
                +254 700 000 000
              </a>
            </li>
            <li>Westlands, Nairobi</li>
            <li>Mon-Fri 9am-6pm</li>
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-6 text-xs text-slate-400 sm:flex-row sm:justify-between sm:px-6">
          <p>© {new Date().getFullYear()} Tikiti. All rights reserved.</p>
          <p>Ticketing made easy for corporate and professional events in Kenya.</p>
        </div>
      </div>
    </footer>
  );
}

export function PublicLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <TopBar />
      <main id="main" className="flex-1">
        <PageOutlet />
      </main>
      <Footer />
    </div>
  );
}
