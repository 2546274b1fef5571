import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Measurement } from '../../../worker/contracts/levels';
import { Field, FormErrors, SubmitButton, TextField } from '~/components/form';
import { ErrorState } from '~/components/states';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Skeleton } from '~/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table';
import { OptionSelect } from '~/features/alarms/option-select';
import { numberField } from '~/features/alarm-rules/rule-fields';
import { stationDateTime } from '~/lib/format';
import { useContractForm } from '~/lib/use-contract-form';
import { m } from '~/paraglide/messages';
import { KeptRow } from './kept-row';
import { instantOrNull, localInput, type LevelsScope } from './scope';
import { levelCalls, levelQueries, useChartsAgain } from './queries';

// Centimetres are what a tape gives; more digits are arithmetic noise.
const metres = (value: number | null) => (value === null ? '–' : `${Number(value.toFixed(3))} m`);

/** The manual measurements of a level code: each beside the logger's value at that moment and the difference. */
export function Measurements({ scope }: { scope: LevelsScope }) {
  const query = useQuery(levelQueries.state(scope.itemId, scope.reading));
  const [editing, setEditing] = useState<Measurement | null>(null);
  return (
    <Card className="min-w-0" data-testid="measurements">
      <CardHeader>
        <CardTitle className="text-base">{m.levels_measurements_title()}</CardTitle>
        <CardDescription>{m.levels_measurements_hint({ zone: scope.timeZone })}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {query.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : query.isError ? (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : query.data.measurements.length === 0 ? (
          <p className="text-sm text-muted-foreground">{m.levels_measurements_empty()}</p>
        ) : (
          <MeasurementTable measurements={query.data.measurements} scope={scope} onEdit={setEditing} />
        )}
        <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          {editing ? (
            <MeasurementForm key={editing.id} scope={scope} editing={editing} onClose={() => setEditing(null)} />
          ) : (
            <MeasurementForm scope={scope} />
          )}
          <ImportForm scope={scope} />
        </div>
      </CardContent>
    </Card>
  );
}

function MeasurementTable({
  measurements,
  scope,
  onEdit,
}: {
  measurements: Measurement[];
  scope: LevelsScope;
  onEdit: (measurement: Measurement) => void;
}) {
  const timeZone = scope.timeZone;
  return (
    <div className="max-h-80 overflow-y-auto">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>{m.levels_time()}</TableHead>
            <TableHead>{m.levels_measured()}</TableHead>
            <TableHead>{m.levels_logged()}</TableHead>
            <TableHead>{m.levels_difference()}</TableHead>
            <TableHead>{m.levels_method()}</TableHead>
            <TableHead>{m.quality_note()}</TableHead>
            <TableHead>
              <span className="sr-only">{m.levels_actions()}</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {[...measurements].reverse().map((x) => (
            <KeptRow
              key={x.id}
              data-testid="measurement"
              data-ts={Date.parse(x.at)}
              columns={7}
              onEdit={() => onEdit(x)}
              removal={{
                call: () => levelCalls().then((c) => c.removeMeasurement),
                query: { id: scope.itemId },
                body: (note) => ({ measurement: x.id, note }),
                success: m.levels_measurement_removed,
              }}
            >
              <TableCell className="tabular-nums whitespace-nowrap">{stationDateTime(x.at, timeZone)}</TableCell>
              <TableCell className="tabular-nums whitespace-nowrap" title={x.depth !== null ? m.levels_depth() : m.levels_gauge()}>
                {metres(x.value)}
                <span className="text-muted-foreground"> ({x.depth !== null ? `↓ ${metres(x.depth)}` : `⊢ ${metres(x.gauge)}`})</span>
              </TableCell>
              <TableCell className="tabular-nums whitespace-nowrap" data-testid="logged">
                {metres(x.logged)}
              </TableCell>
              <TableCell className="tabular-nums whitespace-nowrap" data-testid="difference">
                {x.difference === null ? '–' : `${x.difference > 0 ? '+' : ''}${metres(x.difference)}`}
              </TableCell>
              <TableCell className="min-w-32">
                {x.method}
                <span className="text-muted-foreground"> · {x.measured_by}</span>
              </TableCell>
              <TableCell className="min-w-32 text-muted-foreground">{x.note}</TableCell>
            </KeptRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

type Kind = 'depth' | 'gauge';

/**
 * Records one field visit: a depth below the measuring point or a staff gauge reading; or changes a recorded one
 * (`editing`, its fields filled in), which asks why.
 */
function MeasurementForm({ scope, editing, onClose }: { scope: LevelsScope; editing?: Measurement; onClose?: () => void }) {
  const charts = useChartsAgain();
  const [kind, setKind] = useState<Kind>(editing && editing.gauge !== null ? 'gauge' : 'depth');
  const { errors, form, pending } = useContractForm({
    call: () => levelCalls().then((c) => (editing ? c.editMeasurement : c.measurements)),
    query: { id: scope.itemId },
    read: (data) => {
      const value = numberField(data.get('value'));
      const measurement = {
        reading: scope.reading,
        at: instantOrNull(data.get('at'), scope.timeZone) ?? '',
        depth: kind === 'depth' ? value : null,
        gauge: kind === 'gauge' ? value : null,
        measured_by: String(data.get('measured_by') ?? ''),
        method: String(data.get('method') ?? ''),
        note: String(data.get('measurement-note') ?? ''),
      };
      return editing
        ? { measurement: editing.id, ...measurement, reason: String(data.get('reason') ?? '') }
        : { measurements: [measurement] };
    },
    toasts: { success: editing ? m.levels_measurement_changed : m.levels_measurement_saved, failure: 'errors' },
    invalidates: 'levels',
    onSuccess: async () => {
      onClose?.();
      await charts();
    },
  });
  // The contract names fields inside the list; the form has one measurement.
  const own = Object.fromEntries(
    Object.entries(errors).map(([k, v]) => [
      k
        .replace(/^measurements\.0\./, '')
        .replace(/^(depth|gauge)$/, 'value')
        .replace(/^note$/, 'measurement-note'),
      v,
    ]),
  );
  return (
    <form
      method="post"
      noValidate
      {...form}
      onKeyDown={(e) => e.key === 'Escape' && onClose?.()}
      className="grid content-start gap-3 rounded-lg border p-3"
      data-testid={editing ? 'measurement-edit-form' : 'measurement-form'}
    >
      <p className="text-sm font-medium">{editing ? m.levels_measurement_edit() : m.levels_measurement_add()}</p>
      <FormErrors errors={own} fields={['at', 'value', 'measurement-kind', 'measured_by', 'method', 'measurement-note', 'reason']} />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          name="at"
          type="datetime-local"
          label={m.levels_time()}
          defaultValue={editing && localInput(editing.at, scope.timeZone)}
          errors={own}
          required
        />
        <Field
          name="measurement-kind"
          label={m.levels_measured_as()}
          errors={own}
          control={(control) => (
            <OptionSelect<Kind>
              {...control}
              value={kind}
              onChange={setKind}
              options={[
                { value: 'depth', label: m.levels_depth() },
                { value: 'gauge', label: m.levels_gauge() },
              ]}
            />
          )}
        />
        <TextField
          name="value"
          type="number"
          step="any"
          inputMode="decimal"
          label={m.levels_value_m()}
          defaultValue={editing ? (editing.depth ?? editing.gauge ?? undefined) : undefined}
          errors={own}
          required
        />
        <TextField
          name="method"
          label={m.levels_method()}
          placeholder={m.levels_method_placeholder()}
          maxLength={60}
          defaultValue={editing?.method}
          errors={own}
          required
        />
        <TextField
          name="measured_by"
          label={m.levels_measured_by()}
          maxLength={100}
          defaultValue={editing?.measured_by}
          errors={own}
          required
        />
        <TextField name="measurement-note" label={m.quality_note_optional()} maxLength={500} defaultValue={editing?.note} errors={own} />
        {editing && <TextField name="reason" label={m.levels_change_reason()} maxLength={500} errors={own} required />}
      </div>
      <div className="flex gap-2">
        <SubmitButton pending={pending}>
          {pending ? m.action_working() : editing ? m.levels_measurement_edit() : m.levels_measurement_add()}
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

/** Records many measurements from a CSV file, all or none; a bad line is named in the error. */
function ImportForm({ scope }: { scope: LevelsScope }) {
  const charts = useChartsAgain();
  const [csv, setCsv] = useState('');
  const { errors, form, pending } = useContractForm({
    call: () => levelCalls().then((c) => c.import),
    query: { id: scope.itemId },
    read: () => ({ reading: scope.reading, csv }),
    toasts: { success: m.levels_import_done, failure: 'errors' },
    invalidates: 'levels',
    onSuccess: charts,
  });
  const lines = Object.entries(errors)
    .filter(([k]) => k.startsWith('lines.'))
    .map(([k, v]) => `${m.levels_import_line({ line: k.slice('lines.'.length) })}: ${v.join(' ')}`);
  return (
    <form method="post" noValidate {...form} className="grid content-start gap-3 rounded-lg border p-3" data-testid="import-form">
      <p className="text-sm font-medium">{m.levels_import_title()}</p>
      <p className="text-xs text-muted-foreground">{m.levels_import_hint()}</p>
      <FormErrors errors={{ ...errors, ...(lines.length ? { csv: lines } : {}) }} fields={['csv']} />
      <Field
        name="csv"
        label={m.levels_import_file()}
        errors={lines.length ? { csv: lines } : errors}
        control={(control) => (
          <Input
            {...control}
            type="file"
            accept=".csv,text/csv,text/plain"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void file.text().then(setCsv);
              else setCsv('');
            }}
          />
        )}
      />
      <div>
        <SubmitButton pending={pending} variant="outline" disabled={csv === ''}>
          {pending ? m.action_working() : m.levels_import()}
        </SubmitButton>
      </div>
    </form>
  );
}
