import { createFileRoute } from '@tanstack/react-router';
import { requireAdmin } from '~/features/auth/require-admin';
import { SubjectEditScreen } from '~/features/subjects/subject-edit-screen';

export const Route = createFileRoute('/_authed/edit-subject/')({
  beforeLoad: requireAdmin,
  component: () => <SubjectEditScreen />,
});
