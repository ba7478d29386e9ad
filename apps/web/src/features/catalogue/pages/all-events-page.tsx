import { PlaceholderPage } from '../../../components/layout/placeholder-page';

export default function AllEventsPage() {
  return <PlaceholderPage title="Upcoming Events" />;
}
