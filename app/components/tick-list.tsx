import type { ReactNode } from 'react';
import { Checkbox } from '~/components/ui/checkbox';
import { Label } from '~/components/ui/label';
import { cn } from '~/lib/utils';

/** A scrolling list of options, each with a tick; `empty` shows in place of an empty list. */
export function TickList({
  options,
  ticked,
  onToggle,
  empty,
  className,
  extra,
}: {
  options: { id: number; name: string; title?: string }[];
  ticked: ReadonlySet<number>;
  onToggle: (id: number, on: boolean) => void;
  empty?: ReactNode;
  className?: string;
  /** More to say of an option, beside its tick (e.g. a right the link carries). */
  extra?: (option: { id: number; name: string }) => ReactNode;
}) {
  return (
    <ul className={cn('grid gap-1 overflow-y-auto rounded-xl border p-2 sm:grid-cols-2', className)}>
      {options.map((option) => (
        <li key={option.id} className="flex min-w-0 flex-wrap items-center gap-x-2">
          <Label className="flex min-h-9 min-w-0 flex-1 cursor-pointer items-center gap-3 rounded-md px-2 py-1.5 font-normal hover:bg-muted/60">
            <Checkbox checked={ticked.has(option.id)} onCheckedChange={(on) => onToggle(option.id, on)} />
            <span className="min-w-0 truncate" title={option.title ?? option.name}>
              {option.name}
            </span>
          </Label>
          {extra?.(option)}
        </li>
      ))}
      {!options.length && empty && <li className="px-2 py-1.5 text-sm text-muted-foreground">{empty}</li>}
    </ul>
  );
}
