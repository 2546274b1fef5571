import { useMutation } from '@tanstack/react-query';
import { CopyIcon, KeyRoundIcon } from 'lucide-react';
import { toast } from '~/lib/toast';
import type { z } from 'zod';
import type { IngestToken } from '../../../worker/contracts/items';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { api } from '~/lib/api';
import { m } from '~/paraglide/messages';

/** Issues a station's ingest token; only its hash is stored, so this is the one chance to copy it. */
export function TokenPanel({ itemId }: { itemId: number }) {
  const issue = useMutation({
    mutationFn: () =>
      api<z.infer<typeof IngestToken>>(`/items/token?id=${itemId}`, {
        method: 'POST',
      }),
    onError: () => toast.warning(m.admin_token_failed()),
  });
  const copy = async (token: string) => {
    try {
      await navigator.clipboard.writeText(token);
      toast.success(m.admin_token_copied());
    } catch {
      toast.warning(m.admin_token_copy_failed());
    }
  };

  return (
    <div className="grid max-w-2xl gap-4">
      <p className="text-sm text-muted-foreground">{m.admin_token_intro()}</p>
      {issue.data && (
        <Alert className="grid gap-2">
          <Label htmlFor="ingest-token">{m.admin_token_label()}</Label>
          <div className="flex gap-2">
            <Input id="ingest-token" readOnly value={issue.data.token} className="font-mono" onFocus={(e) => e.currentTarget.select()} />
            <Button type="button" variant="outline" onClick={() => void copy(issue.data.token)}>
              <CopyIcon />
              {m.admin_token_copy()}
            </Button>
          </div>
          <p className="text-sm text-muted-foreground">{m.admin_token_once()}</p>
        </Alert>
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
