import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '~/lib/toast';
import { SaveButton } from '~/components/save-button';
import { TickList } from '~/components/tick-list';
import { m } from '~/paraglide/messages';

const linkedResources = ['items', 'groups', 'subjects'];

/**
 * A link tab of an edit screen: every option with a tick for those linked, saved as the whole list
 * (the API replaces the links, so what is shown is exactly what gets stored).
 */
export function LinkChecklist({
  options,
  selected,
  save: send,
  empty,
}: {
  options: { id: number; name: string }[];
  selected: number[];
  /** Stores the ticked ids as the whole list of links. */
  save: (ids: number[]) => Promise<unknown>;
  empty: string;
}) {
  const queryClient = useQueryClient();
  const [ticked, setTicked] = useState(() => new Set(selected));
  const save = useMutation({
    mutationFn: send,
    onSuccess: async () => {
      toast.success(m.admin_toast_saved());
      // A link shows on both ends (a group's items, an item's groups, a subject's own items), so all lists are stale.
      await Promise.all(linkedResources.map((root) => queryClient.invalidateQueries({ queryKey: [root] })));
    },
    onError: () => toast.warning(m.admin_link_failed()),
  });

  if (!options.length) return <p className="text-sm text-muted-foreground">{empty}</p>;

  const toggle = (id: number, on: boolean) =>
    setTicked((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">{m.admin_link_count({ count: ticked.size, total: options.length })}</p>
      <TickList className="max-h-96" options={options} ticked={ticked} onToggle={toggle} />
      <SaveButton pending={save.isPending} onClick={() => save.mutate([...ticked])} />
    </div>
  );
}
