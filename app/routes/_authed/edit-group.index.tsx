import { createFileRoute } from '@tanstack/react-router';
import { requireAdmin } from '~/features/auth/require-admin';
import { GroupEditScreen } from '~/features/groups/group-edit-screen';

export const Route = createFileRoute('/_authed/edit-group/')({
  beforeLoad: requireAdmin,
  component: () => <GroupEditScreen />,
});
