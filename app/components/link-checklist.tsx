import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ShieldCheckIcon } from 'lucide-react';
import { useState } from 'react';
import type { LinkInput } from '../../worker/contracts/subjects';
import { toast } from '~/lib/toast';
import { SaveButton } from '~/components/save-button';
import { TickList } from '~/components/tick-list';
import { Checkbox } from '~/components/ui/checkbox';
import { Label } from '~/components/ui/label';
import { m } from '~/paraglide/messages';

const linkedResources = ['items', 'groups', 'subjects'];

/**
 * A link tab of an edit screen: every option with a tick for those linked, saved as the whole list
 * (the API replaces the links, so what is shown is exactly what gets stored). On links that carry the quality
 * control right (`quality`: the ids linked with it), each ticked option also has a tick for that right.
 */
export function LinkChecklist({
  options,
  selected,
  quality,
  save: send,
  empty,
}: {
  options: { id: number; name: string }[];
  selected: number[];
  quality?: number[];
  /** Stores the ticked ids (with their quality control right where the links carry one) as the whole list of links. */
  save: (links: (number | LinkInput)[]) => Promise<unknown>;
  empty: string;
}) {
  const queryClient = useQueryClient();
  const [ticked, setTicked] = useState(() => new Set(selected));
  const [controls, setControls] = useState(() => new Set(quality));
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

  const flip = (set: typeof setTicked) => (id: number, on: boolean) =>
    set((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const toggle = flip(setTicked);
  const toggleControl = flip(setControls);
  const links = () => (quality ? [...ticked].map((id): LinkInput => ({ id, quality: controls.has(id) })) : [...ticked]);

  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">{m.admin_link_count({ count: ticked.size, total: options.length })}</p>
      {quality && <p className="text-sm text-muted-foreground">{m.quality_right_hint()}</p>}
      <TickList
        className="max-h-96"
        options={options}
        ticked={ticked}
        onToggle={toggle}
        extra={
          quality &&
          ((option) =>
            ticked.has(option.id) && (
              <Label className="flex min-h-9 cursor-pointer items-center gap-2 rounded-md px-2 text-xs font-normal text-muted-foreground hover:bg-muted/60">
                <Checkbox
                  checked={controls.has(option.id)}
                  onCheckedChange={(on) => toggleControl(option.id, on)}
                  aria-label={m.quality_right_of({ name: option.name })}
                />
                <ShieldCheckIcon className="size-3.5" aria-hidden />
                <span>{m.quality_right()}</span>
              </Label>
            ))
        }
      />
      <SaveButton pending={save.isPending} onClick={() => save.mutate(links())} />
    </div>
  );
}
