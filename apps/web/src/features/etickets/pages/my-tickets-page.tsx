import { PlaceholderPage } from '../../../components/layout/placeholder-page';

export default function MyTicketsPage() {
  return <PlaceholderPage title="E-tickets" />;
}
