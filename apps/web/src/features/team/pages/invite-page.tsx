import { PlaceholderPage } from '../../../components/layout/placeholder-page';

export default function InvitePage() {
  return <PlaceholderPage title="Invite teammate" />;
}
