import { createFileRoute } from '@tanstack/react-router';
import { requireAdmin } from '~/features/auth/require-admin';
import { ItemEditScreen } from '~/features/items/item-edit-screen';

export const Route = createFileRoute('/_authed/edit-item/')({
  beforeLoad: requireAdmin,
  component: () => <ItemEditScreen />,
});
