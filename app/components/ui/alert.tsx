import type { ComponentProps } from 'react';
import { cn } from '~/lib/utils';

export function Alert({ className, variant = 'default', ...props }: ComponentProps<'div'> & { variant?: 'default' | 'destructive' }) {
  return (
    <div
      data-slot="alert"
      role={variant === 'destructive' ? 'alert' : 'status'}
      className={cn(
        'rounded-lg border px-4 py-3 text-sm',
        variant === 'destructive' ? 'border-destructive/40 bg-destructive/10 text-destructive' : 'bg-card text-card-foreground',
        className,
      )}
      {...props}
    />
  );
}
