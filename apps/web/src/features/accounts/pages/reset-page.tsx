import { PlaceholderPage } from '../../../components/layout/placeholder-page';

export default function ResetPage() {
  return <PlaceholderPage title="Verify your account" />;
}
