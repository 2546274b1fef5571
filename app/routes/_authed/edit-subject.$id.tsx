import { createFileRoute } from '@tanstack/react-router';
import { EditSkeleton } from '~/components/edit-screen';
import { RouteNotFound } from '~/components/route-states';
import { requireAdmin } from '~/features/auth/require-admin';
import { SubjectEditScreen } from '~/features/subjects/subject-edit-screen';
import { subjectQueries } from '~/features/subjects/queries';
import { loadRecord, recordIdParams } from '~/lib/record-route';

export const Route = createFileRoute('/_authed/edit-subject/$id')({
  beforeLoad: requireAdmin,
  params: recordIdParams,
  loader: ({ context, params }) => loadRecord(context.queryClient, subjectQueries.detail, params.id),
  pendingComponent: EditSkeleton,
  notFoundComponent: RouteNotFound,
  component: function EditSubject() {
    const { id } = Route.useParams();
    // Keyed by id so moving between records starts each form afresh.
    return <SubjectEditScreen key={id} id={id} />;
  },
});
