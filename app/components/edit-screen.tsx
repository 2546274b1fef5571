import type { UseQueryResult } from '@tanstack/react-query';
import { Link, type LinkProps } from '@tanstack/react-router';
import { ArrowLeftIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { PageHeader } from '~/components/page-header';
import { ErrorState } from '~/components/states';
import { Button } from '~/components/ui/button';
import { Skeleton } from '~/components/ui/skeleton';
import { m } from '~/paraglide/messages';

/** The frame of every edit screen: title, a way back to the list, and the record once it has loaded. */
export function EditScreen<T>({
  title,
  backTo,
  query,
  children,
}: {
  title: string;
  backTo: LinkProps['to'];
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
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
      {query.isPending ? (
        <div className="grid max-w-2xl gap-4" data-testid="edit-skeleton">
          <Skeleton className="h-9 w-72 max-w-full" />
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-14 w-full" />
          ))}
        </div>
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        children(query.data)
      )}
    </>
  );
}
