import { formatPhone } from '@tikiti/contract';
import { Loading } from '../../../components/ui/spinner';
import { ErrorState } from '../../../components/ui/states';
import { errorMessage } from '../../../lib/api-client';
import { useTitle } from '../../../lib/use-title';
import { useOrganisationProfile } from '../api/organisation-profile';
import { PublicPageSection } from '../components/public-page-section';
import { SettingsTabs } from '../components/settings-tabs';

/**
 * Settings, Details tab (docs/product.md#organiser-side): the organisation's details, read-only,
 * and what its public page shows (docs/product.md#organiser-page).
 */
export default function SettingsPage() {
  useTitle('Settings');
  const profile = useOrganisationProfile();
  return (
    <div>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Settings</h1>
      <p className="mt-1 text-slate-600">Your organisation as buyers and Tikiti see it.</p>
      <div className="mt-6">
        <SettingsTabs />
        {profile.isPending ? (
          <Loading />
        ) : profile.isError ? (
          <ErrorState message={errorMessage(profile.error)} onRetry={() => void profile.refetch()} />
        ) : (
          <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
            <h2 className="text-lg font-semibold">Organisation details</h2>
            <dl className="mt-6 grid gap-6 sm:grid-cols-2">
              {[
                ['Organization Name', profile.data.organization_name],
                ['Display Name', profile.data.display_name],
                ['Email', profile.data.organization_email_address],
                ['Phone number', formatPhone(profile.data.organization_msisdn)],
              ].map(([label, value]) => (
                <div key={label}>
                  <dt className="text-sm font-medium text-slate-500">{label}</dt>
                  <dd className="mt-1 break-words rounded-lg border border-slate-200 bg-surface px-3 py-2.5 text-ink">
                    {value}
                  </dd>
                </div>
              ))}
            </dl>
            <p className="mt-6 text-sm text-slate-500">To change these details, contact Tikiti support.</p>
          </section>
        )}
        {/* Issue 29: what the organiser page /o/{slug} shows. */}
        <PublicPageSection />
      </div>
    </div>
  );
}
