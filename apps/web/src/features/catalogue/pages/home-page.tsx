import { PlaceholderPage } from '../../../components/layout/placeholder-page';

export default function HomePage() {
  return <PlaceholderPage title="Home" />;
}
