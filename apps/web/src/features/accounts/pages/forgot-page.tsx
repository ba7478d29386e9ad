import { PlaceholderPage } from '../../../components/layout/placeholder-page';

export default function ForgotPage() {
  return <PlaceholderPage title="Recover your account" />;
}
