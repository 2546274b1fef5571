import { useMutation, useQueryClient } from '@tanstack/react-query';
import { KeyRoundIcon } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import type { ApiToken, NewApiToken } from '../../../worker/contracts/api-tokens';
import { homeZone } from '../../../shared/station-time';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { FormErrors, SubmitButton, TextField } from '~/components/form';
import { SecretOnce } from '~/components/secret-once';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { send } from '~/lib/api';
import { stationDateTime } from '~/lib/format';
import { serverErrorText } from '~/lib/server-errors';
import { toast } from '~/lib/toast';
import { useContractForm } from '~/lib/use-contract-form';
import { m } from '~/paraglide/messages';

const calls = () => import('../../../worker/contracts/api-tokens').then((c) => c.apiTokenCalls);

function RevokeButton({ token }: { token: ApiToken }) {
  const queryClient = useQueryClient();
  const revoke = useMutation({
    mutationFn: () => send(() => calls().then((c) => c.revoke), { query: { id: token.id } }),
    onSuccess: async () => {
      toast.success(m.api_tokens_revoked());
      await queryClient.invalidateQueries({ queryKey: ['api-tokens'] });
    },
    onError: (error) => toast.warning(serverErrorText(error)),
  });
  return (
    <ConfirmDialog
      title={m.api_tokens_revoke_title()}
      description={m.api_tokens_revoke_text()}
      confirmLabel={m.api_tokens_revoke()}
      onConfirm={() => revoke.mutate()}
    >
      <Button variant="outline" size="sm" disabled={revoke.isPending} aria-label={m.api_tokens_revoke_named({ name: token.name })}>
        {m.api_tokens_revoke()}
      </Button>
    </ConfirmDialog>
  );
}

/**
 * The profile's integration tokens: QGIS, Grafana and scripts read with them what the subject may see, and never
 * change anything. A new token is shown once (only its hash is kept); the list names each with when it was made
 * and last used.
 */
export function ApiTokensCard({ tokens }: { tokens: ApiToken[] }) {
  const titleId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [created, setCreated] = useState<NewApiToken | null>(null);
  const { errors, form, pending } = useContractForm({
    call: () => calls().then((c) => c.create),
    read: (data) => ({ name: data.get('name') }),
    toasts: { failure: m.api_tokens_create_failed },
    invalidates: 'api-tokens',
    onSuccess: (token) => {
      setCreated(token);
      formRef.current?.reset();
    },
  });
  const when = (instant: string | null) => (instant ? stationDateTime(instant, homeZone) : m.api_tokens_never_used());
  return (
    <Card className="max-w-2xl" role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>{m.api_tokens_title()}</CardTitle>
        <CardDescription>{m.api_tokens_description()}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {created && (
          <SecretOnce
            id="api-token"
            label={m.api_tokens_new_label({ name: created.name })}
            value={created.token}
            note={m.api_tokens_once()}
            copied={m.admin_token_copied}
            copyFailed={m.admin_token_copy_failed}
          />
        )}
        {tokens.length === 0 ? (
          <p className="text-sm text-muted-foreground">{m.api_tokens_none()}</p>
        ) : (
          <ul className="grid gap-2">
            {tokens.map((token) => (
              <li key={token.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded-md border px-3 py-2">
                <KeyRoundIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                <span className="min-w-0 flex-1 basis-40 truncate font-medium" title={token.name}>
                  {token.name}
                </span>
                <span className="text-xs text-muted-foreground tabular-nums">
                  {m.api_tokens_created()} {when(token.created_at)} · {m.api_tokens_last_used()} {when(token.last_used_at)}
                </span>
                <RevokeButton token={token} />
              </li>
            ))}
          </ul>
        )}
        <form ref={formRef} method="post" noValidate {...form} className="grid gap-4">
          <FormErrors errors={errors} fields={['name']} />
          <TextField
            name="name"
            label={m.api_tokens_name()}
            hint={m.api_tokens_name_hint()}
            errors={errors}
            maxLength={100}
            autoComplete="off"
          />
          <div>
            <SubmitButton pending={pending}>{m.api_tokens_create()}</SubmitButton>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
