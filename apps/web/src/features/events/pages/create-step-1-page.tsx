import { PlaceholderPage } from '../../../components/layout/placeholder-page';

export default function CreateStep1Page() {
  return <PlaceholderPage title="Create event" />;
}
