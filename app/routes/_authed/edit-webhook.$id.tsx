import { createFileRoute, notFound } from '@tanstack/react-router';
import { EditSkeleton } from '~/components/edit-screen';
import { RouteNotFound } from '~/components/route-states';
import { requireAdmin } from '~/features/auth/require-admin';
import { webhookQueries } from '~/features/webhooks/queries';
import { WebhookEditScreen } from '~/features/webhooks/webhook-edit-screen';

export const Route = createFileRoute('/_authed/edit-webhook/$id')({
  beforeLoad: requireAdmin,
  params: { parse: ({ id }) => ({ id: /^\d+$/.test(id) ? Number(id) : 0 }), stringify: ({ id }) => ({ id: String(id) }) },
  loader: async ({ context, params }) => {
    // A malformed id is no record at all.
    if (!params.id) throw notFound();
    await context.queryClient.ensureQueryData(webhookQueries.detail(params.id));
  },
  pendingComponent: EditSkeleton,
  notFoundComponent: RouteNotFound,
  component: function EditWebhook() {
    const { id } = Route.useParams();
    // Keyed by id so moving between records starts each form afresh.
    return <WebhookEditScreen key={id} id={id} />;
  },
});
