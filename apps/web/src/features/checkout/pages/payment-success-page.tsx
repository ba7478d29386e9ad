import { PlaceholderPage } from '../../../components/layout/placeholder-page';

export default function PaymentSuccessPage() {
  return <PlaceholderPage title="Payment successful" />;
}
