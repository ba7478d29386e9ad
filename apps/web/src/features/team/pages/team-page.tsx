import { PlaceholderPage } from '../../../components/layout/placeholder-page';

export default function TeamPage() {
  return <PlaceholderPage title="Team access" />;
}
