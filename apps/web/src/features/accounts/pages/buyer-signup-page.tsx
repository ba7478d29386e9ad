import { PlaceholderPage } from '../../../components/layout/placeholder-page';

export default function BuyerSignupPage() {
  return <PlaceholderPage title="Sign up" />;
}
