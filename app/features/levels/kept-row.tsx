import { PencilIcon, Trash2Icon } from 'lucide-react';
import { useState, type ComponentProps, type ReactNode } from 'react';
import type { z } from 'zod';
import type { AnyCall } from '../../../worker/contracts/call';
import { Button } from '~/components/ui/button';
import { TableCell, TableRow } from '~/components/ui/table';
import { m } from '~/paraglide/messages';
import { RemovalForm } from './removal-form';

type Removal<C extends AnyCall & { body: z.ZodType }> = Omit<ComponentProps<typeof RemovalForm<C>>, 'onClose'>;

/**
 * A kept reference period or measurement as a table row: its cells, then edit and remove buttons; removing opens the
 * form that asks why in a row of its own below.
 */
export function KeptRow<C extends AnyCall & { body: z.ZodType }>({
  children,
  columns,
  onEdit,
  removal,
  ...row
}: ComponentProps<'tr'> & { children: ReactNode; columns: number; onEdit: () => void; removal: Removal<C> }) {
  const [removing, setRemoving] = useState(false);
  return (
    <>
      <TableRow className="align-top" {...row}>
        {children}
        <TableCell className="whitespace-nowrap">
          <div className="flex justify-end gap-1">
            <Button variant="ghost" size="sm" onClick={onEdit}>
              <PencilIcon />
              {m.levels_edit()}
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setRemoving(true)}>
              <Trash2Icon />
              {m.levels_remove()}
            </Button>
          </div>
        </TableCell>
      </TableRow>
      {removing && (
        <TableRow>
          <TableCell colSpan={columns}>
            <RemovalForm {...removal} onClose={() => setRemoving(false)} />
          </TableCell>
        </TableRow>
      )}
    </>
  );
}
