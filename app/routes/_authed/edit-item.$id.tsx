import { createFileRoute } from '@tanstack/react-router';
import { requireAdmin } from '~/features/auth/require-admin';
import { ItemEditScreen } from '~/features/items/item-edit-screen';

export const Route = createFileRoute('/_authed/edit-item/$id')({
  beforeLoad: requireAdmin,
  component: function EditItem() {
    const { id } = Route.useParams();
    // Keyed by id so moving between records starts each form afresh.
    return <ItemEditScreen key={id} id={Number(id)} />;
  },
});
