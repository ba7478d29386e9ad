import { PlaceholderPage } from '../../../components/layout/placeholder-page';

export default function SignInPage() {
  return <PlaceholderPage title="Organiser sign in" />;
}
