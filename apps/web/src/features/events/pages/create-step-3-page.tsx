import { PlaceholderPage } from '../../../components/layout/placeholder-page';

export default function CreateStep3Page() {
  return <PlaceholderPage title="Create event" />;
}
