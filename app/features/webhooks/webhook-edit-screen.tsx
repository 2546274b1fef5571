import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { KeyRoundIcon, ListIcon, SendIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { Webhook } from '../../../worker/contracts/webhooks';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { EditScreen } from '~/components/edit-screen';
import { SecretOnce } from '~/components/secret-once';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { send } from '~/lib/api';
import { serverErrorText } from '~/lib/server-errors';
import { m } from '~/paraglide/messages';
import { DeliveryStatusBadge, lastAnswer } from './labels';
import { webhookCalls, webhookQueries } from './queries';
import { WebhookForm } from './webhook-form';

/** The signing secret of a new or rotated webhook: shown here once, never again. */
const Secret = ({ value }: { value: string }) => (
  <SecretOnce
    id="webhook-secret"
    label={m.webhooks_secret_label()}
    value={value}
    note={m.webhooks_secret_once()}
    copied={m.webhooks_secret_copied}
    copyFailed={m.webhooks_secret_copy_failed}
  />
);

/** One thing to do with a saved webhook, as a card: what it is, and its controls and outcome. */
function ActionCard({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
        <CardDescription>{intro}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">{children}</CardContent>
    </Card>
  );
}

/** Issues a new signing secret for the webhook as stored; receivers need it at once, the old one stops verifying. */
function RotateSecret({ webhook }: { webhook: Webhook }) {
  const rotate = useMutation({
    mutationFn: () =>
      send(() => webhookCalls().then((c) => c.save), {
        body: {
          id: webhook.id,
          url: webhook.url,
          description: webhook.description,
          events: webhook.events,
          stations: webhook.stations,
          rotate_secret: true,
        },
      }),
  });
  return (
    <ActionCard title={m.webhooks_secret_title()} intro={m.webhooks_secret_intro()}>
      {rotate.data?.secret && <Secret value={rotate.data.secret} />}
      {rotate.isError && <Alert variant="destructive">{serverErrorText(rotate.error)}</Alert>}
      <div>
        <ConfirmDialog
          title={m.webhooks_rotate_confirm_title()}
          description={m.webhooks_rotate_confirm_text()}
          confirmLabel={m.webhooks_rotate()}
          onConfirm={() => rotate.mutate()}
        >
          <Button variant="outline" disabled={rotate.isPending}>
            <KeyRoundIcon />
            {m.webhooks_rotate()}
          </Button>
        </ConfirmDialog>
      </div>
    </ActionCard>
  );
}

/** Sends a test event now and shows how the receiver answered; the delivery joins the log (and its retries). */
function TestEvent({ webhookId }: { webhookId: number }) {
  const queryClient = useQueryClient();
  const test = useMutation({
    mutationFn: () => send(() => webhookCalls().then((c) => c.test), { query: { id: webhookId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['webhooks'] }),
  });
  const delivery = test.data;
  return (
    <ActionCard title={m.webhooks_test_title()} intro={m.webhooks_test_intro()}>
      {delivery && (
        <Alert className="grid gap-1" data-testid="test-result">
          <div className="flex flex-wrap items-center gap-2">
            <DeliveryStatusBadge status={delivery.status} />
            <span className="font-medium">{lastAnswer(delivery)}</span>
          </div>
          <p className="text-muted-foreground">
            {delivery.status === 'delivered' ? m.webhooks_test_delivered() : m.webhooks_test_failed()}
          </p>
        </Alert>
      )}
      {test.isError && <Alert variant="destructive">{serverErrorText(test.error)}</Alert>}
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => test.mutate()} disabled={test.isPending}>
          <SendIcon />
          {test.isPending ? m.action_working() : m.webhooks_test_send()}
        </Button>
        <Button asChild variant="outline">
          <Link to="/webhooks" search={{ webhook: webhookId }}>
            <ListIcon />
            {m.webhooks_see_log()}
          </Link>
        </Button>
      </div>
    </ActionCard>
  );
}

/** `/edit-webhook` and `/edit-webhook/$id`: the form; once saved, the secret's rotation and a test event. */
export function WebhookEditScreen({ id }: { id?: number }) {
  const { data } = useSuspenseQuery(webhookQueries.detail(id));
  const { webhook } = data;
  const [created, setCreated] = useState<Webhook | null>(null);
  return (
    <EditScreen title={webhook ? m.webhooks_edit_title() : m.webhooks_new_title()} backTo="/webhooks">
      {created ? (
        // A new webhook's secret is in this one reply: it stays on screen until the administrator moves on.
        <div className="grid max-w-2xl gap-4">
          <p className="text-sm">{m.webhooks_created({ url: created.url })}</p>
          {created.secret && <Secret value={created.secret} />}
          <div className="flex flex-wrap gap-2">
            <Button asChild>
              <Link to="/edit-webhook/$id" params={{ id: created.id }}>
                {m.webhooks_open_created()}
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/webhooks">{m.admin_back_to_list()}</Link>
            </Button>
          </div>
        </div>
      ) : (
        <div className="grid grid-cols-1 gap-6">
          <WebhookForm webhook={webhook} stations={data.stations} onCreated={setCreated} />
          {webhook && (
            <div className="grid max-w-5xl grid-cols-1 gap-4 lg:grid-cols-2">
              <TestEvent webhookId={webhook.id} />
              <RotateSecret webhook={webhook} />
            </div>
          )}
        </div>
      )}
    </EditScreen>
  );
}
