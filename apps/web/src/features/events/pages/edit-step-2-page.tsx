import { PlaceholderPage } from '../../../components/layout/placeholder-page';

export default function EditStep2Page() {
  return <PlaceholderPage title="Main event image" />;
}
