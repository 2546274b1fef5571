import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trash2Icon } from 'lucide-react';
import { toast } from '~/lib/toast';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { Button } from '~/components/ui/button';
import { serverErrorText } from '~/lib/server-errors';
import { m } from '~/paraglide/messages';

/** Delete with the SPEC §8 confirmation; a refusal (e.g. the last administrator) is told in the toast. */
export function DeleteAction({ remove: send, resource, name }: { remove: () => Promise<unknown>; resource: string; name: string }) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: send,
    onSuccess: async () => {
      toast.success(m.admin_toast_deleted());
      await queryClient.invalidateQueries({ queryKey: [resource] });
    },
    onError: (error) => toast.warning(serverErrorText(error)),
  });
  return (
    <ConfirmDialog onConfirm={() => remove.mutate()}>
      <Button variant="outline" size="sm" className="max-sm:px-2" disabled={remove.isPending} aria-label={m.admin_delete_named({ name })}>
        <Trash2Icon className="text-destructive" />
        <span className="max-sm:sr-only">{m.admin_action_delete()}</span>
      </Button>
    </ConfirmDialog>
  );
}
