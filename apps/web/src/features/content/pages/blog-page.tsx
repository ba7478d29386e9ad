import { PlaceholderPage } from '../../../components/layout/placeholder-page';

export default function BlogPage() {
  return <PlaceholderPage title="Blog" />;
}
