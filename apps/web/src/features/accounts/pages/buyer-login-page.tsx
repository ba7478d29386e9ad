import { PlaceholderPage } from '../../../components/layout/placeholder-page';

export default function BuyerLoginPage() {
  return <PlaceholderPage title="Sign in" />;
}
