import type { ColumnDef } from '@tanstack/react-table';
import { ChartLineIcon } from 'lucide-react';
import type { ItemRow } from '../../../worker/contracts/items';
import { EditLink } from '~/components/record-links';
import { Button } from '~/components/ui/button';
import { m } from '~/paraglide/messages';

/** SPEC §2 item tables: Stats for everyone, Edit only when `canEdit` (administrators). */
export function itemColumns({ canEdit }: { canEdit: boolean }): ColumnDef<ItemRow>[] {
  return [
    {
      accessorKey: 'name',
      header: () => m.admin_item_name(),
      cell: ({ row }) => <span className="font-medium">{row.original.name}</span>,
    },
    { accessorKey: 'serial_nr', header: () => m.admin_item_serial(), meta: { hideBelow: 'lg' } },
    { accessorKey: 'unique_id', header: () => m.admin_item_unique_id(), meta: { hideBelow: 'md' } },
    {
      accessorKey: 'location_name',
      header: () => m.admin_item_location_name(),
      meta: { hideBelow: 'sm' },
    },
    {
      accessorKey: 'location_group',
      header: () => m.admin_item_location_group(),
      meta: { hideBelow: 'lg' },
    },
    {
      id: 'actions',
      header: () => m.admin_actions(),
      enableSorting: false,
      cell: ({ row }) => (
        <div className="flex gap-2">
          <Button asChild variant="outline" size="sm" className="max-sm:px-2">
            {/* The chart screen belongs to the stations feature; a plain link keeps this table independent of it. */}
            <a href={`/charts/${encodeURIComponent(row.original.unique_id)}`}>
              <ChartLineIcon />
              <span className="max-sm:sr-only">{m.admin_action_stats()}</span>
            </a>
          </Button>
          {canEdit && <EditLink to="/edit-item/$id" id={row.original.id} name={row.original.name} />}
        </div>
      ),
    },
  ];
}
