import { PlaceholderPage } from '../../../components/layout/placeholder-page';

export default function SettingsPage() {
  return <PlaceholderPage title="Settings" />;
}
