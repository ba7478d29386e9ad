import { PlaceholderPage } from '../../../components/layout/placeholder-page';

export default function RegisterDetailsPage() {
  return <PlaceholderPage title="Organisation details" />;
}
