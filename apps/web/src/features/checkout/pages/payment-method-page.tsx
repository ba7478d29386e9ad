import { PlaceholderPage } from '../../../components/layout/placeholder-page';

export default function PaymentMethodPage() {
  return <PlaceholderPage title="Payment" />;
}
