import { PlaceholderPage } from '../../../components/layout/placeholder-page';

export default function MyEventsPage() {
  return <PlaceholderPage title="My events" />;
}
