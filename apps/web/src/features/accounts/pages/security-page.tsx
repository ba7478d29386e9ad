import { useTitle } from '../../../lib/use-title';
import { SettingsTabs } from '../components/settings-tabs';
import { PasswordPanel } from '../components/security/password-panel';
import { SessionsPanel } from '../components/security/sessions-panel';
import { TwoFactorPanel } from '../components/security/two-factor-panel';

/** Settings, Security tab (docs/product.md#account-security): two-factor sign-in, sessions and the password. */
export default function SecurityPage() {
  useTitle('Security');
  return (
    <div>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Settings</h1>
      <p className="mt-1 text-slate-600">How you sign in, and where you are signed in.</p>
      <div className="mt-6">
        <SettingsTabs />
        <div className="space-y-6">
          <TwoFactorPanel />
          <SessionsPanel />
          <PasswordPanel />
        </div>
      </div>
    </div>
  );
}
