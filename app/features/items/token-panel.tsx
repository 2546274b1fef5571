import { useMutation } from '@tanstack/react-query';
import { KeyRoundIcon } from 'lucide-react';
import { toast } from '~/lib/toast';
import { itemCalls } from '../../../worker/contracts/items';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { SecretOnce } from '~/components/secret-once';
import { Button } from '~/components/ui/button';
import { send } from '~/lib/api';
import { m } from '~/paraglide/messages';

/** Issues a station's ingest token; only its hash is stored, so this is the one chance to copy it. */
export function TokenPanel({ itemId }: { itemId: number }) {
  const issue = useMutation({
    mutationFn: () => send(itemCalls.issueToken, { query: { id: itemId } }),
    onError: () => toast.warning(m.admin_token_failed()),
  });

  return (
    <div className="grid max-w-2xl gap-4">
      <p className="text-sm text-muted-foreground">{m.admin_token_intro()}</p>
      {issue.data && (
        <SecretOnce
          id="ingest-token"
          label={m.admin_token_label()}
          value={issue.data.token}
          note={m.admin_token_once()}
          copied={m.admin_token_copied}
          copyFailed={m.admin_token_copy_failed}
        />
      )}
      <div>
        <ConfirmDialog
          title={m.admin_token_confirm_title()}
          description={m.admin_token_confirm_text()}
          confirmLabel={m.admin_token_issue()}
          onConfirm={() => issue.mutate()}
        >
          <Button disabled={issue.isPending}>
            <KeyRoundIcon />
            {m.admin_token_issue()}
          </Button>
        </ConfirmDialog>
      </div>
    </div>
  );
}
