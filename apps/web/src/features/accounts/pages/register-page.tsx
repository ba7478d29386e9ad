import { PlaceholderPage } from '../../../components/layout/placeholder-page';

export default function RegisterPage() {
  return <PlaceholderPage title="Create your organiser account" />;
}
