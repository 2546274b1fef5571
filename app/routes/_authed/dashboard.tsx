import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { PageHeader } from '~/components/page-header';
import { EmptyState, ErrorState } from '~/components/states';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '~/components/ui/card';
import { Skeleton } from '~/components/ui/skeleton';
import { currentUserQuery } from '~/features/subjects/queries';
import { m } from '~/paraglide/messages';

export const Route = createFileRoute('/_authed/dashboard')({
  component: DashboardPage,
});

function WelcomeCard() {
  const current = useQuery(currentUserQuery);
  if (current.isPending) return <Skeleton className="h-40 w-full max-w-md" data-testid="welcome-skeleton" />;
  if (current.isError) return <ErrorState error={current.error} onRetry={() => void current.refetch()} />;
  const user = current.data;
  return (
    <Card className="max-w-md">
      <CardHeader>
        <CardTitle>{m.dashboard_welcome({ name: `${user.firstName} ${user.secondName}` })}</CardTitle>
        <CardDescription>{user.username}</CardDescription>
      </CardHeader>
      <CardContent>
        <p className="text-sm">{m.dashboard_devices({ count: user.nItems })}</p>
      </CardContent>
      <CardFooter>
        <Button asChild variant="outline" size="sm">
          <Link to="/profile">{m.dashboard_show_profile()}</Link>
        </Button>
      </CardFooter>
    </Card>
  );
}

function DashboardPage() {
  return (
    <>
      <PageHeader title={m.nav_dashboard()} />
      <div className="grid gap-6">
        <WelcomeCard />
        <EmptyState title={m.placeholder_coming()}>{m.placeholder_dashboard()}</EmptyState>
      </div>
    </>
  );
}
