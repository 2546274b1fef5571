import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { BanIcon } from 'lucide-react';
import { shareLinkCalls, type ShareLink } from '../../../worker/contracts/share-links';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { EditLink } from '~/components/record-links';
import { Button } from '~/components/ui/button';
import { send } from '~/lib/api';
import { serverErrorText } from '~/lib/server-errors';
import { toast } from '~/lib/toast';
import { m } from '~/paraglide/messages';
import { LinkStateBadge, whenLabel, windowLabel } from './labels';

/** Revokes a link after asking: from then on its pages answer 410. */
export function RevokeAction({ link }: { link: ShareLink }) {
  const queryClient = useQueryClient();
  const revoke = useMutation({
    mutationFn: () => send(shareLinkCalls.revoke, { query: { id: link.id } }),
    onSuccess: async () => {
      toast.success(m.share_links_revoked());
      await queryClient.invalidateQueries({ queryKey: ['share-links'] });
    },
    onError: (error) => toast.warning(serverErrorText(error)),
  });
  if (link.state === 'revoked') return null;
  return (
    <ConfirmDialog
      title={m.share_links_revoke_title()}
      description={m.share_links_revoke_text({ title: link.title })}
      confirmLabel={m.share_links_revoke()}
      onConfirm={() => revoke.mutate()}
    >
      <Button
        variant="outline"
        size="sm"
        className="max-sm:px-2"
        disabled={revoke.isPending}
        aria-label={m.share_links_revoke_named({ title: link.title })}
      >
        <BanIcon className="text-destructive" />
        <span className="max-sm:sr-only">{m.share_links_revoke()}</span>
      </Button>
    </ConfirmDialog>
  );
}

/** The links' table; an administrator sees every link and who made it. */
export function shareLinkColumns({ withOwner }: { withOwner: boolean }): ColumnDef<ShareLink>[] {
  return [
    {
      accessorKey: 'title',
      header: () => m.share_links_title_field(),
      cell: ({ row }) => (
        <div className="grid gap-0.5">
          <span className="font-medium">{row.original.title}</span>
          <span className="text-xs text-muted-foreground">{row.original.stations.map((s) => s.name).join(', ')}</span>
        </div>
      ),
    },
    ...(withOwner ? [{ id: 'owner', accessorFn: (link: ShareLink) => link.owner.name, header: () => m.share_links_owner() }] : []),
    { id: 'window', accessorFn: (link) => windowLabel(link), header: () => m.share_links_window(), enableGlobalFilter: false },
    {
      accessorKey: 'state',
      header: () => m.share_links_state(),
      cell: ({ row }) => <LinkStateBadge state={row.original.state} />,
      enableGlobalFilter: false,
    },
    {
      accessorKey: 'views',
      header: () => m.share_links_views(),
      cell: ({ row }) => (
        <div className="grid gap-0.5 tabular-nums">
          <span data-testid="views">{row.original.views}</span>
          <span className="text-xs text-muted-foreground">
            {m.share_links_last_viewed({ when: whenLabel(row.original.last_viewed_at) })}
          </span>
        </div>
      ),
      enableGlobalFilter: false,
    },
    { id: 'expires', accessorFn: (link) => whenLabel(link.expires_at), header: () => m.share_links_expires(), enableGlobalFilter: false },
    {
      id: 'actions',
      header: () => m.admin_actions(),
      enableSorting: false,
      cell: ({ row }) => (
        <div className="flex gap-2">
          <EditLink to="/edit-share-link/$id" id={row.original.id} name={row.original.title} />
          <RevokeAction link={row.original} />
        </div>
      ),
    },
  ];
}
