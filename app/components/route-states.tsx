import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { CompassIcon } from 'lucide-react';
import { ErrorState } from '~/components/states';
import { Button } from '~/components/ui/button';
import { m } from '~/paraglide/messages';

/** A route whose data failed to load: what happened, and a retry that runs its loaders again. */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const retry = () => {
    reset();
    void router.invalidate();
  };
  return <ErrorState error={error} onRetry={retry} />;
}

/** An address or record that does not exist (or that this subject may not know of), with a way home. */
export function NotFound({ title = m.not_found_title(), children = m.not_found_body() }: { title?: string; children?: string }) {
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-3 rounded-xl border border-dashed p-10 text-center">
      <CompassIcon className="size-8 text-muted-foreground" aria-hidden />
      <h1 className="text-lg font-semibold">{title}</h1>
      <p className="text-sm text-muted-foreground">{children}</p>
      <Button asChild variant="outline">
        <Link to="/dashboard">{m.not_found_home()}</Link>
      </Button>
    </div>
  );
}

/** The router's default for a record that does not exist, inside the screen that asked for it. */
export const RouteNotFound = () => <NotFound />;

/** An address no route knows: a page of its own, outside the signed-in frame. */
export const PageNotFound = () => (
  <main className="grid min-h-svh place-items-center bg-muted/40 p-4">
    <NotFound />
  </main>
);
