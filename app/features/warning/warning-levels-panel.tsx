import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PlusIcon, Trash2Icon, WavesIcon } from 'lucide-react';
import { useState, type ComponentProps } from 'react';
import { levelColorOf, maxLevels, type LevelDirection, type StationWarning, type WarningScale } from '../../../worker/contracts/warning';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { Field, FormErrors, SubmitButton } from '~/components/form';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { Input } from '~/components/ui/input';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table';
import { OptionSelect } from '~/features/alarms/option-select';
import { numberField } from '~/features/alarm-rules/rule-fields';
import { readingByCode } from '~/features/stations/readings';
import { send } from '~/lib/api';
import { stationDateTime } from '~/lib/format';
import { toast } from '~/lib/toast';
import { cn } from '~/lib/utils';
import { useContractForm } from '~/lib/use-contract-form';
import { m } from '~/paraglide/messages';
import { levelName, textOn } from './level-text';
import { warningCalls } from './queries';

/** A level as the form holds it: texts as typed; no colour means the rank's default. */
interface DraftLevel {
  name: string;
  color: string | null;
  threshold: string;
  deadband: string;
}
interface Draft {
  reading: string;
  direction: LevelDirection;
  levels: DraftLevel[];
}

/** The editor's cells sit closer than a listing's: a row is a line of inputs. */
const dense = 'h-auto py-1 pl-0 pr-2 font-normal';

/** A level's threshold or deadband, in the reading's unit. */
const AmountInput = (props: ComponentProps<typeof Input>) => (
  <Input type="number" step="any" inputMode="decimal" className="h-8 px-2" {...props} />
);

const readingName = (code: string) => readingByCode(code)?.name ?? code;
const blankLevel = (): DraftLevel => ({ name: '', color: null, threshold: '', deadband: '' });
/** A new scale: the three flood activity levels, thresholds to fill in. */
const newDraft = (reading: string): Draft => ({ reading, direction: 'rising', levels: [blankLevel(), blankLevel(), blankLevel()] });
const draftOf = (scale: WarningScale): Draft => ({
  reading: scale.reading,
  direction: scale.direction,
  levels: scale.levels.map((l) => ({
    name: l.name ?? '',
    // A colour equal to the rank's default is kept as "the default", so the default follows the rank.
    color: l.color === levelColorOf(l.rank, null) ? null : l.color,
    threshold: String(l.threshold),
    deadband: String(l.deadband),
  })),
});

/** A station's warning levels per reading: where each stands now, and (administrators) the editor of each scale. */
export function WarningLevelsPanel({ state }: { state: StationWarning }) {
  const { item, scales, readings, may_edit: mayEdit } = state;
  const [added, setAdded] = useState<string[]>([]);
  const held = new Set(scales.map((s) => s.reading));
  const free = readings.filter((code) => !held.has(code) && !added.includes(code));
  const drafts = added.filter((code) => !held.has(code));
  return (
    <Card className="min-w-0" data-testid="warning-levels">
      <CardHeader>
        <CardTitle className="text-base">{m.warning_levels_title()}</CardTitle>
        <CardDescription>{m.warning_levels_hint()}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {!scales.length && !drafts.length && <p className="text-sm text-muted-foreground">{m.warning_levels_none()}</p>}
        {scales.map((scale) => (
          <ScaleEditor key={scale.reading} itemId={item.id} timeZone={item.timezone} scale={scale} mayEdit={mayEdit} />
        ))}
        {drafts.map((code) => (
          <ScaleEditor
            key={code}
            itemId={item.id}
            timeZone={item.timezone}
            draft={newDraft(code)}
            mayEdit={mayEdit}
            onDiscard={() => setAdded((list) => list.filter((c) => c !== code))}
          />
        ))}
        {mayEdit && free.length > 0 && (
          <div className="flex flex-wrap items-end gap-2">
            <Field
              name="new-reading"
              label={m.warning_levels_add()}
              errors={{}}
              control={(control) => (
                <OptionSelect
                  {...control}
                  className="w-64 max-w-full"
                  placeholder={m.warning_levels_choose_reading()}
                  options={free.map((code) => ({ value: code, label: readingName(code) }))}
                  onChange={(code) => setAdded((list) => [...list, code])}
                />
              )}
            />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** One reading's scale: its current level and its levels, editable by administrators (saved whole, in order). */
function ScaleEditor({
  itemId,
  timeZone,
  scale,
  draft: fresh,
  mayEdit,
  onDiscard,
}: {
  itemId: number;
  timeZone: string;
  scale?: WarningScale;
  draft?: Draft;
  mayEdit: boolean;
  onDiscard?: () => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => (scale ? draftOf(scale) : fresh!));
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['warning'] });
  const { errors, form, pending } = useContractForm({
    call: () => warningCalls().then((c) => c.save),
    query: { id: itemId },
    read: () => ({
      reading: draft.reading,
      direction: draft.direction,
      levels: draft.levels.map((l) => ({
        name: l.name,
        color: l.color,
        threshold: numberField(l.threshold),
        deadband: numberField(l.deadband) ?? 0,
      })),
    }),
    toasts: { success: m.warning_levels_saved, failure: 'errors' },
    onSuccess: async (saved) => {
      setDraft(draftOf(saved));
      await refresh();
      onDiscard?.();
    },
  });
  const remove = useMutation({
    mutationFn: () => send(() => warningCalls().then((c) => c.delete), { query: { id: itemId, reading: draft.reading } }),
    onSuccess: async () => {
      toast.success(m.warning_levels_removed());
      await refresh();
    },
    onError: () => toast.error(m.warning_levels_remove_failed()),
  });
  const setLevel = (i: number, change: Partial<DraftLevel>) =>
    setDraft((d) => ({ ...d, levels: d.levels.map((l, j) => (j === i ? { ...l, ...change } : l)) }));
  const unit = readingByCode(draft.reading)?.unit ?? '';
  const current = scale?.current;
  const standing = current && current.level > 0 ? scale.levels[current.level - 1] : null;
  const prefix = `scale-${draft.reading}`;
  return (
    <form
      method="post"
      noValidate
      {...form}
      className="grid min-w-0 gap-3 rounded-lg border p-3"
      data-testid="scale-editor"
      data-reading={draft.reading}
      aria-label={m.warning_levels_of({ reading: readingName(draft.reading) })}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex items-center gap-2 font-medium">
          <WavesIcon className="size-4" aria-hidden />
          {readingName(draft.reading)} <span className="text-muted-foreground">({unit})</span>
        </p>
        <p className="text-sm text-muted-foreground" data-testid="scale-current">
          {standing ? (
            <Badge style={{ backgroundColor: standing.color, color: textOn(standing.color) }}>{levelName(standing)}</Badge>
          ) : current ? (
            m.warning_levels_below()
          ) : (
            m.warning_levels_not_evaluated()
          )}
          {current && (
            <span className="ml-2 tabular-nums">{m.warning_levels_since({ since: stationDateTime(current.since, timeZone) })}</span>
          )}
        </p>
      </div>
      <FormErrors errors={errors} fields={[]} />
      <fieldset disabled={!mayEdit} className="grid min-w-0 gap-3">
        <div className="max-w-xs">
          <Field
            name={`${prefix}-direction`}
            label={m.warning_levels_direction()}
            errors={{}}
            control={(control) => (
              <OptionSelect<LevelDirection>
                {...control}
                value={draft.direction}
                onChange={(direction) => setDraft((d) => ({ ...d, direction }))}
                options={[
                  { value: 'rising', label: m.warning_levels_rising() },
                  { value: 'falling', label: m.warning_levels_falling() },
                ]}
              />
            )}
          />
        </div>
        <Table className="min-w-[34rem]">
          <TableHeader>
            <TableRow>
              <TableHead className={dense}>{m.warning_levels_level()}</TableHead>
              <TableHead className={dense}>{m.warning_levels_name()}</TableHead>
              <TableHead className={dense}>{m.warning_levels_color()}</TableHead>
              <TableHead className={dense}>{m.warning_levels_threshold({ unit })}</TableHead>
              <TableHead className={dense}>{m.warning_levels_deadband({ unit })}</TableHead>
              <TableHead className={dense}>
                <span className="sr-only">{m.warning_levels_remove_level()}</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {draft.levels.map((level, i) => {
              const rank = i + 1;
              const id = `${prefix}-${rank}`;
              return (
                <TableRow key={i} data-level={rank}>
                  <TableHead scope="row" className={cn(dense, 'tabular-nums')}>
                    {rank}
                  </TableHead>
                  <TableCell className={dense}>
                    <Input
                      aria-label={m.warning_levels_name_of({ rank })}
                      id={`${id}-name`}
                      className="h-8 px-2"
                      maxLength={40}
                      value={level.name}
                      placeholder={levelName({ rank, name: null })}
                      onChange={(e) => setLevel(i, { name: e.target.value })}
                    />
                  </TableCell>
                  <TableCell className={dense}>
                    <Input
                      aria-label={m.warning_levels_color_of({ rank })}
                      type="color"
                      className="h-8 w-12 p-1"
                      value={level.color ?? levelColorOf(rank, null)}
                      onChange={(e) => setLevel(i, { color: e.target.value })}
                    />
                  </TableCell>
                  <TableCell className={dense}>
                    <AmountInput
                      aria-label={m.warning_levels_threshold_of({ rank })}
                      name={`levels.${i}.threshold`}
                      value={level.threshold}
                      required
                      onChange={(e) => setLevel(i, { threshold: e.target.value })}
                    />
                  </TableCell>
                  <TableCell className={dense}>
                    <AmountInput
                      aria-label={m.warning_levels_deadband_of({ rank })}
                      min={0}
                      value={level.deadband}
                      placeholder="0"
                      onChange={(e) => setLevel(i, { deadband: e.target.value })}
                    />
                  </TableCell>
                  <TableCell className={cn(dense, 'text-right')}>
                    {mayEdit && draft.levels.length > 1 && (
                      <Button
                        type="button"
                        variant="ghost"
                        size="icon"
                        className="size-8"
                        aria-label={m.warning_levels_remove_level_of({ rank })}
                        title={m.warning_levels_remove_level()}
                        onClick={() => setDraft((d) => ({ ...d, levels: d.levels.filter((_, j) => j !== i) }))}
                      >
                        <Trash2Icon />
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </fieldset>
      {mayEdit && (
        <div className="flex flex-wrap gap-2">
          <SubmitButton pending={pending}>{pending ? m.action_working() : m.admin_save()}</SubmitButton>
          {draft.levels.length < maxLevels && (
            <Button type="button" variant="outline" onClick={() => setDraft((d) => ({ ...d, levels: [...d.levels, blankLevel()] }))}>
              <PlusIcon />
              {m.warning_levels_add_level()}
            </Button>
          )}
          {scale ? (
            <ConfirmDialog
              onConfirm={() => remove.mutate()}
              title={m.warning_levels_remove_title({ reading: readingName(draft.reading) })}
              description={m.warning_levels_remove_description()}
            >
              <Button type="button" variant="ghost" className="text-destructive">
                <Trash2Icon />
                {m.warning_levels_remove()}
              </Button>
            </ConfirmDialog>
          ) : (
            <Button type="button" variant="ghost" onClick={onDiscard}>
              {m.action_cancel()}
            </Button>
          )}
        </div>
      )}
    </form>
  );
}
