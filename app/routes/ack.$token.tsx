import { createFileRoute } from '@tanstack/react-router';
import { AuthPage } from '~/features/auth/auth-page';
import { AckLinkScreen } from '~/features/escalations/ack-link';
import { m } from '~/paraglide/messages';

export const Route = createFileRoute('/ack/$token')({
  component: function AckPage() {
    const { token } = Route.useParams();
    return (
      <AuthPage title={m.ack_title()} description={m.ack_description()}>
        <AckLinkScreen token={token} />
      </AuthPage>
    );
  },
});
