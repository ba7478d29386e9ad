import { PlaceholderPage } from '../../../components/layout/placeholder-page';

export default function EditTicketsPage() {
  return <PlaceholderPage title="Ticket Update" />;
}
