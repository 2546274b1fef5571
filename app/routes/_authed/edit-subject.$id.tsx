import { createFileRoute, notFound } from '@tanstack/react-router';
import { EditSkeleton } from '~/components/edit-screen';
import { RouteNotFound } from '~/components/route-states';
import { requireAdmin } from '~/features/auth/require-admin';
import { SubjectEditScreen } from '~/features/subjects/subject-edit-screen';
import { subjectQueries } from '~/features/subjects/queries';

export const Route = createFileRoute('/_authed/edit-subject/$id')({
  beforeLoad: requireAdmin,
  params: { parse: ({ id }) => ({ id: /^\d+$/.test(id) ? Number(id) : 0 }), stringify: ({ id }) => ({ id: String(id) }) },
  loader: async ({ context, params }) => {
    // A malformed id is no record at all.
    if (!params.id) throw notFound();
    await context.queryClient.ensureQueryData(subjectQueries.detail(params.id));
  },
  pendingComponent: EditSkeleton,
  notFoundComponent: RouteNotFound,
  component: function EditSubject() {
    const { id } = Route.useParams();
    // Keyed by id so moving between records starts each form afresh.
    return <SubjectEditScreen key={id} id={id} />;
  },
});
