import type { ColumnDef } from '@tanstack/react-table';
import { subjectCalls, type SubjectRow } from '../../../worker/contracts/subjects';
import { DeleteAction } from '~/components/delete-action';
import { Badge } from '~/components/ui/badge';
import { EditLink } from '~/components/record-links';
import { fullName } from '~/features/subjects/full-name';
import { statusLabel } from '~/features/subjects/status';
import { send } from '~/lib/api';
import { m } from '~/paraglide/messages';

export const subjectColumns: ColumnDef<SubjectRow>[] = [
  {
    id: 'name',
    accessorFn: fullName,
    header: () => m.admin_subject_name(),
    cell: ({ row }) => (
      <span className="flex items-center gap-2 font-medium">
        {fullName(row.original)}
        {row.original.isAdmin && <Badge variant="secondary">{m.admin_subject_admin_badge()}</Badge>}
        {row.original.status !== 'active' && <Badge variant="destructive">{statusLabel(row.original.status)}</Badge>}
      </span>
    ),
  },
  { accessorKey: 'subject', header: () => m.admin_subject_org(), meta: { hideBelow: 'lg' } },
  { accessorKey: 'username', header: () => m.field_email(), meta: { hideBelow: 'md' } },
  {
    id: 'actions',
    header: () => m.admin_actions(),
    enableSorting: false,
    cell: ({ row }) => (
      <div className="flex gap-2">
        <EditLink to="/edit-subject/$id" id={row.original.id} name={fullName(row.original)} />
        <DeleteAction
          remove={() => send(subjectCalls.delete, { query: { id: row.original.id } })}
          resource="subjects"
          name={fullName(row.original)}
        />
      </div>
    ),
  },
];
