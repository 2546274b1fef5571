import type { ReactNode } from 'react';
import { buttonVariants } from '~/components/ui/button';
import { cn } from '~/lib/utils';

/**
 * A header control that looks like an icon button and is a native select underneath: the platform's own
 * picker (a sheet on phones), keyboard and screen-reader support, and no menu library on pages that need none.
 */
export function IconSelect<T extends string>({
  label,
  value,
  options,
  onChange,
  children,
}: {
  label: string;
  value: T;
  options: readonly { value: T; label: string; lang?: string }[];
  onChange: (value: T) => void;
  /** What the button shows. */
  children: ReactNode;
}) {
  return (
    <span
      className={cn(buttonVariants({ variant: 'ghost', size: 'sm' }), 'relative gap-1 px-2 focus-within:ring-2 focus-within:ring-ring/60')}
      title={label}
    >
      {children}
      <select
        aria-label={label}
        value={value}
        onChange={(event) => onChange(event.target.value as T)}
        className="absolute inset-0 cursor-pointer appearance-none opacity-0"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value} lang={option.lang}>
            {option.label}
          </option>
        ))}
      </select>
    </span>
  );
}
