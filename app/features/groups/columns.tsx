import type { ColumnDef } from '@tanstack/react-table';
import { groupCalls, type GroupRow } from '../../../worker/contracts/groups';
import { DeleteAction } from '~/components/delete-action';
import { EditLink } from '~/components/record-links';
import { send } from '~/lib/api';
import { m } from '~/paraglide/messages';

export const groupColumns: ColumnDef<GroupRow>[] = [
  {
    accessorKey: 'name',
    header: () => m.admin_group_name(),
    cell: ({ row }) => <span className="font-medium">{row.original.name}</span>,
  },
  {
    accessorKey: 'nItems',
    header: () => m.admin_group_items_count(),
    enableGlobalFilter: false,
  },
  {
    id: 'actions',
    header: () => m.admin_actions(),
    enableSorting: false,
    cell: ({ row }) => (
      <div className="flex gap-2">
        <EditLink to="/edit-group/$id" id={row.original.id} name={row.original.name} />
        <DeleteAction
          remove={() => send(groupCalls.delete, { query: { id: row.original.id } })}
          resource="groups"
          name={row.original.name}
        />
      </div>
    ),
  },
];
