import { Link, type LinkProps } from '@tanstack/react-router';
import { ArrowLeftIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { PageHeader } from '~/components/page-header';
import { Button } from '~/components/ui/button';
import { Skeleton } from '~/components/ui/skeleton';
import { m } from '~/paraglide/messages';

/** The frame of every edit screen: title, a way back to the list, and the record's tabs. */
export function EditScreen({ title, backTo, children }: { title: string; backTo: LinkProps['to']; children: ReactNode }) {
  return (
    <>
      <PageHeader
        title={title}
        actions={
          <Button asChild variant="outline" size="sm">
            <Link to={backTo}>
              <ArrowLeftIcon />
              {m.admin_back_to_list()}
            </Link>
          </Button>
        }
      />
      {children}
    </>
  );
}

/** What shows while a client-side navigation loads a record. */
export function EditSkeleton() {
  return (
    <div className="grid max-w-2xl gap-4" data-testid="edit-skeleton">
      <Skeleton className="h-9 w-72 max-w-full" />
      {Array.from({ length: 4 }, (_, i) => (
        <Skeleton key={i} className="h-14 w-full" />
      ))}
    </div>
  );
}
