import { createFileRoute } from '@tanstack/react-router';
import { EditSkeleton } from '~/components/edit-screen';
import { requireAdmin } from '~/features/auth/require-admin';
import { SubjectEditScreen } from '~/features/subjects/subject-edit-screen';
import { subjectQueries } from '~/features/subjects/queries';
import { loadRecord } from '~/lib/record-route';

export const Route = createFileRoute('/_authed/edit-subject/')({
  beforeLoad: requireAdmin,
  loader: ({ context }) => loadRecord(context.queryClient, subjectQueries.detail),
  pendingComponent: EditSkeleton,
  component: () => <SubjectEditScreen />,
});
