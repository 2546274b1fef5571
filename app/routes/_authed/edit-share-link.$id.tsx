import { createFileRoute, notFound } from '@tanstack/react-router';
import { EditSkeleton } from '~/components/edit-screen';
import { RouteNotFound } from '~/components/route-states';
import { shareLinkQueries } from '~/features/share-links/queries';
import { ShareLinkEditScreen } from '~/features/share-links/share-link-edit-screen';

export const Route = createFileRoute('/_authed/edit-share-link/$id')({
  params: { parse: ({ id }) => ({ id: /^\d+$/.test(id) ? Number(id) : 0 }), stringify: ({ id }) => ({ id: String(id) }) },
  loader: async ({ context, params }) => {
    // A malformed id is no record at all.
    if (!params.id) throw notFound();
    await context.queryClient.ensureQueryData(shareLinkQueries.detail(params.id));
  },
  pendingComponent: EditSkeleton,
  notFoundComponent: RouteNotFound,
  component: function EditShareLink() {
    const { id } = Route.useParams();
    return <ShareLinkEditScreen key={id} id={id} />;
  },
});
