import { lazy, Suspense } from 'react';
import { useToastsWanted } from '~/lib/toast';

const LazyToaster = lazy(() => import('~/components/ui/sonner'));

/** Where toasts appear; the toast library loads only once the first toast is asked for. */
export function Toaster() {
  return useToastsWanted() ? (
    <Suspense fallback={null}>
      <LazyToaster />
    </Suspense>
  ) : null;
}
