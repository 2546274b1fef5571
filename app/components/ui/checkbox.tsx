import { CheckIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '~/lib/utils';

/** A native checkbox drawn in the app's style: the browser keeps its keyboard, form and label behaviour. */
export function Checkbox({
  className,
  onCheckedChange,
  ...props
}: Omit<ComponentProps<'input'>, 'type' | 'onChange'> & { onCheckedChange?: (checked: boolean) => void }) {
  return (
    <span className="relative inline-flex size-4 shrink-0">
      <input
        type="checkbox"
        data-slot="checkbox"
        className={cn(
          'peer size-4 shrink-0 cursor-pointer appearance-none rounded-[4px] border border-input shadow-xs outline-none checked:border-primary checked:bg-primary focus-visible:ring-2 focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50',
          className,
        )}
        onChange={(event) => onCheckedChange?.(event.target.checked)}
        {...props}
      />
      <CheckIcon
        aria-hidden
        className="pointer-events-none absolute inset-0 m-auto hidden size-3.5 text-primary-foreground peer-checked:block"
      />
    </span>
  );
}
