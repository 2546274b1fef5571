import { PencilIcon, Trash2Icon } from 'lucide-react';
import { Button } from '~/components/ui/button';
import { m } from '~/paraglide/messages';

/** Edit and remove buttons of a kept reference period or measurement (removing then asks why). */
export function RowActions({ onEdit, onRemove }: { onEdit: () => void; onRemove: () => void }) {
  return (
    <div className="flex justify-end gap-1">
      <Button variant="ghost" size="sm" onClick={onEdit}>
        <PencilIcon />
        {m.levels_edit()}
      </Button>
      <Button variant="ghost" size="sm" onClick={onRemove}>
        <Trash2Icon />
        {m.levels_remove()}
      </Button>
    </div>
  );
}
