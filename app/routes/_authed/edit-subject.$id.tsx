import { createFileRoute } from '@tanstack/react-router';
import { requireAdmin } from '~/features/auth/require-admin';
import { SubjectEditScreen } from '~/features/subjects/subject-edit-screen';

export const Route = createFileRoute('/_authed/edit-subject/$id')({
  beforeLoad: requireAdmin,
  component: function EditSubject() {
    const { id } = Route.useParams();
    // Keyed by id so moving between records starts each form afresh.
    return <SubjectEditScreen key={id} id={Number(id)} />;
  },
});
