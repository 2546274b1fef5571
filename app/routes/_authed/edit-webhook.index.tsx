import { createFileRoute } from '@tanstack/react-router';
import { EditSkeleton } from '~/components/edit-screen';
import { requireAdmin } from '~/features/auth/require-admin';
import { webhookQueries } from '~/features/webhooks/queries';
import { WebhookEditScreen } from '~/features/webhooks/webhook-edit-screen';

export const Route = createFileRoute('/_authed/edit-webhook/')({
  beforeLoad: requireAdmin,
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(webhookQueries.detail());
  },
  pendingComponent: EditSkeleton,
  component: () => <WebhookEditScreen />,
});
