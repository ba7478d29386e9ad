import { PlaceholderPage } from '../../../components/layout/placeholder-page';

export default function EditStep1Page() {
  return <PlaceholderPage title="Updated Event" />;
}
