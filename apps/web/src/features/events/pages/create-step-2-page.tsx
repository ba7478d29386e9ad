import { PlaceholderPage } from '../../../components/layout/placeholder-page';

export default function CreateStep2Page() {
  return <PlaceholderPage title="Create event" />;
}
