import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { LevelMode, LevelReference } from '../../../worker/contracts/levels';
import { levelModes } from '../../../worker/contracts/levels';
import { Field, FormErrors, SubmitButton, TextField } from '~/components/form';
import { EmptyState, ErrorState } from '~/components/states';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { Button } from '~/components/ui/button';
import { Skeleton } from '~/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table';
import { OptionSelect } from '~/features/alarms/option-select';
import { numberField } from '~/features/alarm-rules/rule-fields';
import { readingByCode } from '~/features/stations/readings';
import { stationDateTime } from '~/lib/format';
import { useContractForm } from '~/lib/use-contract-form';
import { m } from '~/paraglide/messages';
import { CorrectionStack } from './correction-stack';
import { Measurements } from './measurements';
import { levelCalls, levelCodes, levelQueries, useChartsAgain } from './queries';
import { KeptRow } from './kept-row';
import { instantOrNull, localInput, type LevelsScope } from './scope';

export const modeNames: Record<LevelMode, () => string> = {
  depth_below_mp: m.levels_mode_depth_below_mp,
  water_column: m.levels_mode_water_column,
  elevation: m.levels_mode_elevation,
};

/**
 * A well's levels: its vertical reference periods, the manual measurements set against the logger, and the stack of
 * corrections that makes the published series from the raw one (raw readings never change).
 */
export function LevelsPanel({ itemId, timeZone, readings }: { itemId: number; timeZone: string; readings: string[] }) {
  const codes = readings.filter((r) => levelCodes.includes(r));
  const [reading, setReading] = useState(codes[0]);
  if (reading === undefined) return <EmptyState title={m.levels_no_level()} />;
  const scope = { itemId, reading, timeZone };
  return (
    <div className="grid min-w-0 gap-4" data-testid="levels-panel">
      <p className="max-w-prose text-sm text-muted-foreground">{m.levels_intro()}</p>
      {codes.length > 1 && (
        <div className="grid max-w-xs gap-2">
          <OptionSelect
            aria-label={m.stations_reading()}
            value={reading}
            onChange={setReading}
            options={codes.map((c) => ({ value: c, label: readingByCode(c)?.name ?? c }))}
          />
        </div>
      )}
      <References key={`r-${reading}`} scope={scope} />
      <Measurements key={`m-${reading}`} scope={scope} />
      <CorrectionStack key={`c-${reading}`} scope={scope} />
    </div>
  );
}

function References({ scope }: { scope: LevelsScope }) {
  const query = useQuery(levelQueries.state(scope.itemId, scope.reading));
  const [editing, setEditing] = useState<LevelReference | null>(null);
  return (
    <Card className="min-w-0" data-testid="references">
      <CardHeader>
        <CardTitle className="text-base">{m.levels_references_title()}</CardTitle>
        <CardDescription>{m.levels_references_hint()}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {query.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : query.isError ? (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : query.data.references.length === 0 ? (
          <p className="text-sm text-muted-foreground">{m.levels_references_empty()}</p>
        ) : (
          <ReferenceTable references={query.data.references} scope={scope} onEdit={setEditing} />
        )}
        {editing ? (
          <ReferenceForm key={editing.id} scope={scope} editing={editing} onClose={() => setEditing(null)} />
        ) : (
          <ReferenceForm scope={scope} />
        )}
      </CardContent>
    </Card>
  );
}

function ReferenceTable({
  references,
  scope,
  onEdit,
}: {
  references: LevelReference[];
  scope: LevelsScope;
  onEdit: (reference: LevelReference) => void;
}) {
  const timeZone = scope.timeZone;
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>{m.levels_period()}</TableHead>
          <TableHead>{m.levels_ground()}</TableHead>
          <TableHead>{m.levels_mp()}</TableHead>
          <TableHead>{m.levels_mode()}</TableHead>
          <TableHead>{m.quality_note()}</TableHead>
          <TableHead>
            <span className="sr-only">{m.levels_actions()}</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {references.map((r) => (
          <KeptRow
            key={r.id}
            data-testid="reference"
            columns={6}
            onEdit={() => onEdit(r)}
            removal={{
              call: () => levelCalls().then((c) => c.removeReference),
              query: { id: scope.itemId },
              body: (note) => ({ reference: r.id, note }),
              success: m.levels_reference_removed,
            }}
          >
            <TableCell className="min-w-40 tabular-nums">
              {stationDateTime(r.from, timeZone)} – {r.to ? stationDateTime(r.to, timeZone) : m.levels_open_end()}
            </TableCell>
            <TableCell className="tabular-nums whitespace-nowrap">
              {r.ground_elevation} m {r.datum}
            </TableCell>
            <TableCell className="tabular-nums whitespace-nowrap">
              {r.mp_elevation} m {r.datum}
            </TableCell>
            <TableCell className="min-w-40">
              {modeNames[r.mode]()}
              {r.sensor_depth !== null && ` (${m.levels_sensor_depth()}: ${r.sensor_depth} m)`}
            </TableCell>
            <TableCell className="min-w-32 text-muted-foreground">{r.note}</TableCell>
          </KeptRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * Adds a reference period, or changes one (`editing`, its fields filled in); a water column needs the sensor's depth,
 * so that field shows only then.
 */
function ReferenceForm({ scope, editing, onClose }: { scope: LevelsScope; editing?: LevelReference; onClose?: () => void }) {
  const [mode, setMode] = useState<LevelMode>(editing?.mode ?? 'depth_below_mp');
  const charts = useChartsAgain();
  const { errors, form, pending } = useContractForm({
    call: () => levelCalls().then((c) => (editing ? c.editReference : c.reference)),
    query: { id: scope.itemId },
    read: (data) => ({
      ...(editing && { reference: editing.id }),
      reading: scope.reading,
      from: instantOrNull(data.get('reference-from'), scope.timeZone) ?? '',
      to: instantOrNull(data.get('reference-to'), scope.timeZone),
      ground_elevation: numberField(data.get('ground_elevation')),
      mp_elevation: numberField(data.get('mp_elevation')),
      datum: String(data.get('datum') ?? ''),
      mode,
      sensor_depth: mode === 'water_column' ? numberField(data.get('sensor_depth')) : null,
      note: String(data.get('reference-note') ?? ''),
    }),
    toasts: { success: editing ? m.levels_reference_changed : m.levels_reference_saved, failure: 'errors' },
    invalidates: 'levels',
    onSuccess: async () => {
      onClose?.();
      await charts();
    },
  });
  const local = (iso: string | null | undefined) => (iso ? localInput(iso, scope.timeZone) : undefined);
  // The correction form on the same page has its own from, to and note: these carry the form's prefix.
  const own = Object.fromEntries(Object.entries(errors).map(([k, v]) => [['from', 'to', 'note'].includes(k) ? `reference-${k}` : k, v]));
  const fields = ['reference-from', 'reference-to', 'ground_elevation', 'mp_elevation', 'datum', 'mode', 'sensor_depth', 'reference-note'];
  return (
    <form
      method="post"
      noValidate
      {...form}
      onKeyDown={(e) => e.key === 'Escape' && onClose?.()}
      className="grid gap-3 rounded-lg border p-3"
      data-testid={editing ? 'reference-edit-form' : 'reference-form'}
    >
      <p className="text-sm font-medium">{editing ? m.levels_reference_edit() : m.levels_reference_add()}</p>
      <FormErrors errors={own} fields={fields} />
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <TextField
          name="reference-from"
          type="datetime-local"
          label={m.quality_from()}
          defaultValue={local(editing?.from)}
          errors={own}
          required
        />
        <TextField
          name="reference-to"
          type="datetime-local"
          label={m.levels_to_optional()}
          defaultValue={local(editing?.to)}
          errors={own}
        />
        <TextField
          name="ground_elevation"
          type="number"
          step="any"
          inputMode="decimal"
          label={m.levels_ground()}
          defaultValue={editing?.ground_elevation}
          errors={own}
          required
        />
        <TextField
          name="mp_elevation"
          type="number"
          step="any"
          inputMode="decimal"
          label={m.levels_mp()}
          defaultValue={editing?.mp_elevation}
          errors={own}
          required
        />
        <TextField
          name="datum"
          label={m.levels_datum()}
          placeholder="Bpv"
          maxLength={60}
          defaultValue={editing?.datum}
          errors={own}
          required
        />
        <Field
          name="mode"
          label={m.levels_mode()}
          errors={own}
          control={(control) => (
            <OptionSelect<LevelMode>
              {...control}
              value={mode}
              onChange={setMode}
              options={levelModes.map((v) => ({ value: v, label: modeNames[v]() }))}
            />
          )}
        />
        {mode === 'water_column' && (
          <TextField
            name="sensor_depth"
            type="number"
            step="any"
            inputMode="decimal"
            label={m.levels_sensor_depth()}
            defaultValue={editing?.sensor_depth ?? undefined}
            errors={own}
            required
          />
        )}
        <TextField name="reference-note" label={m.quality_note()} maxLength={500} defaultValue={editing?.note} errors={own} required />
      </div>
      <div className="flex gap-2">
        <SubmitButton pending={pending}>
          {pending ? m.action_working() : editing ? m.levels_reference_edit() : m.levels_reference_add()}
        </SubmitButton>
        {editing && (
          <Button type="button" variant="ghost" onClick={onClose}>
            {m.action_cancel()}
          </Button>
        )}
      </div>
    </form>
  );
}
