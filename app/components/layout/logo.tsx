import { cn } from '~/lib/utils';

/** A water drop over a level line: "hladina" is Czech for water level. */
export function Logo({ withName = true, nameClassName, className }: { withName?: boolean; nameClassName?: string; className?: string }) {
  return (
    <span className={cn('flex items-center gap-2 font-semibold', className)}>
      <svg viewBox="0 0 32 32" className="size-7 shrink-0" aria-hidden>
        <path d="M16 3c5 6.5 8.5 11.3 8.5 15.5a8.5 8.5 0 0 1-17 0C7.5 14.3 11 9.5 16 3z" fill="#0ea5e9" />
        <path d="M9 20c2.3 1.4 4.6 1.4 7 0s4.7-1.4 7 0" stroke="#fff" strokeWidth="2" fill="none" strokeLinecap="round" />
      </svg>
      {withName && <span className={cn('text-lg tracking-tight', nameClassName)}>Hladina</span>}
    </span>
  );
}
