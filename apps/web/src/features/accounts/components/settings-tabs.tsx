import { NavLink } from 'react-router';
import clsx from 'clsx';
import { routes } from '../../../lib/routes';

const tabs = [
  { to: routes.mySettings, label: 'Details' },
  { to: routes.myTeam, label: 'Team Access' },
  { to: routes.myTaxProfile, label: 'Tax profile' },
  { to: routes.mySecurity, label: 'Security' },
  { to: routes.integrations, label: 'Integrations' },
];

/** The Settings tabs (docs/product.md#organiser-side): Details, Team Access (the team page), Tax profile, Security and Integrations (webhooks). */
export function SettingsTabs() {
  return (
    <nav className="mb-6 flex gap-1 overflow-x-auto border-b border-slate-200" aria-label="Settings">
      {tabs.map((t) => (
        <NavLink
          key={t.to}
          to={t.to}
          end
          className={({ isActive }) =>
            clsx(
              '-mb-px shrink-0 border-b-2 px-4 py-2.5 text-sm font-semibold',
              isActive ? 'border-brand-700 text-brand-700' : 'border-transparent text-slate-600 hover:text-ink',
            )
          }
        >
          {t.label}
        </NavLink>
      ))}
    </nav>
  );
}
