import { PlaceholderPage } from '../../../components/layout/placeholder-page';

export default function EventDetailsPage() {
  return <PlaceholderPage title="Event" />;
}
