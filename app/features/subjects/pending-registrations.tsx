import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { CheckIcon, XIcon } from 'lucide-react';
import { toast } from '~/lib/toast';
import { subjectCalls, type SubjectRow } from '../../../worker/contracts/subjects';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { fullName } from '~/features/subjects/full-name';
import { subjectQueries } from '~/features/subjects/queries';
import { send } from '~/lib/api';
import { m } from '~/paraglide/messages';

/** Registrations waiting for a decision come first on /subjects; nothing shows when there are none. */
export function PendingRegistrations() {
  const pending = useSuspenseQuery(subjectQueries.pending());
  if (!pending.data.length) return null;
  return (
    <Card aria-labelledby="pending-title" className="border-amber-500/50">
      <CardHeader>
        <CardTitle id="pending-title">{m.admin_pending_title()}</CardTitle>
        <CardDescription>{m.admin_pending_description()}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y">
          {pending.data.map((subject) => (
            <PendingRow key={subject.id} subject={subject} />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function PendingRow({ subject }: { subject: SubjectRow }) {
  const queryClient = useQueryClient();
  const name = fullName(subject);
  const decide = useMutation({
    mutationFn: (decision: 'approve' | 'reject') => send(subjectCalls[decision], { query: { id: subject.id } }),
    onSuccess: async (_, decision) => {
      toast.success(decision === 'approve' ? m.admin_pending_approved({ name }) : m.admin_pending_rejected({ name }));
      await queryClient.invalidateQueries({ queryKey: ['subjects', 'list'] });
    },
    onError: () => toast.warning(m.admin_link_failed()),
  });
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="font-medium">{name}</p>
        <p className="truncate text-sm text-muted-foreground">{subject.username}</p>
      </div>
      <div className="flex gap-2">
        <Button
          size="sm"
          disabled={decide.isPending}
          onClick={() => decide.mutate('approve')}
          aria-label={m.admin_pending_approve_named({ name })}
        >
          <CheckIcon />
          {m.admin_pending_approve()}
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={decide.isPending}
          onClick={() => decide.mutate('reject')}
          aria-label={m.admin_pending_reject_named({ name })}
        >
          <XIcon />
          {m.admin_pending_reject()}
        </Button>
      </div>
    </li>
  );
}
