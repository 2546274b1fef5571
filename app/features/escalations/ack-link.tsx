import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Escalation } from '../../../worker/contracts/escalations';
import { FormErrors, SubmitButton, TextField } from '~/components/form';
import { Alert } from '~/components/ui/alert';
import { Checkbox } from '~/components/ui/checkbox';
import { Label } from '~/components/ui/label';
import { Skeleton } from '~/components/ui/skeleton';
import { ApiError, send } from '~/lib/api';
import { useContractForm } from '~/lib/use-contract-form';
import { m } from '~/paraglide/messages';

const calls = () => import('../../../worker/contracts/escalations').then((c) => c.escalationCalls);

/** What the escalation stands for: station, reading or rule, and the policy. */
function Subject({ escalation }: { escalation: Escalation }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      <dt className="text-muted-foreground">{m.ack_station()}</dt>
      <dd>{escalation.station_name}</dd>
      {escalation.reading && (
        <>
          <dt className="text-muted-foreground">{m.ack_reading()}</dt>
          <dd>
            {escalation.reading}
            {escalation.level !== null && ` · ${m.ack_level({ level: escalation.level })}`}
          </dd>
        </>
      )}
      <dt className="text-muted-foreground">{m.ack_policy()}</dt>
      <dd>{escalation.policy_name}</dd>
    </dl>
  );
}

/**
 * The page an escalation e-mail's link opens, without signing in: opening it changes nothing (mail scanners open
 * links); the button acknowledges as the person the mail was sent to, once.
 */
export function AckLinkScreen({ token }: { token: string }) {
  const [falseAlarm, setFalseAlarm] = useState(false);
  const link = useQuery({
    queryKey: ['escalation-link', token],
    queryFn: async () => send(await calls().then((c) => c.link), { query: { token } }),
    retry: false,
  });
  const { errors, form, pending, succeeded } = useContractForm({
    call: () => calls().then((c) => c.acknowledgeLink),
    read: (data) => ({ token, note: data.get('note') || null, false_alarm: falseAlarm }),
    known: { 410: { field: '_', text: m.ack_link_used } },
    toasts: { failure: 'errors' },
  });

  if (link.isPending) return <Skeleton className="h-40 w-full" />;
  if (link.isError) {
    const gone = link.error instanceof ApiError && (link.error.status === 410 || link.error.status === 404);
    return <Alert variant="destructive">{gone ? m.ack_link_used() : m.error_network()}</Alert>;
  }
  const escalation = link.data;
  if (succeeded)
    return (
      <div className="grid gap-4">
        <Alert>{m.ack_done()}</Alert>
        <Subject escalation={escalation} />
      </div>
    );
  if (escalation.state !== 'running')
    return (
      <div className="grid gap-4">
        <Alert>{m.ack_already_stopped()}</Alert>
        <Subject escalation={escalation} />
      </div>
    );
  return (
    <form method="post" noValidate {...form} className="grid gap-4">
      <Subject escalation={escalation} />
      <FormErrors errors={errors} fields={['note']} />
      <TextField name="note" label={m.ack_note()} errors={errors} autoComplete="off" />
      <div className="flex items-center gap-2">
        <Checkbox id="false-alarm" checked={falseAlarm} onCheckedChange={(checked) => setFalseAlarm(checked === true)} />
        <Label htmlFor="false-alarm">{m.ack_false_alarm()}</Label>
      </div>
      <SubmitButton pending={pending}>{pending ? m.action_working() : m.ack_submit()}</SubmitButton>
    </form>
  );
}
