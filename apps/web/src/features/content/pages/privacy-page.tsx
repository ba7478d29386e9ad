import { PlaceholderPage } from '../../../components/layout/placeholder-page';

export default function PrivacyPage() {
  return <PlaceholderPage title="Privacy policy" />;
}
