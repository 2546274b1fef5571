import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { RatingVersion } from '../../../worker/contracts/ratings';
import { outOfRangePolicies, segmentKinds } from '../../../worker/contracts/ratings';
import { Field, FormErrors, SubmitButton, TextField } from '~/components/form';
import { EmptyState, ErrorState } from '~/components/states';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { Input } from '~/components/ui/input';
import { Skeleton } from '~/components/ui/skeleton';
import { OptionSelect } from '~/features/alarms/option-select';
import { numberField } from '~/features/alarm-rules/rule-fields';
import { levelCodes } from '~/features/levels/queries';
import { instantOrNull } from '~/features/levels/scope';
import { readingByCode } from '~/features/stations/readings';
import { stationDateTime } from '~/lib/format';
import { useContractForm } from '~/lib/use-contract-form';
import { m } from '~/paraglide/messages';
import { Gaugings } from './gaugings';
import { ratingCalls, ratingQueries, type RatingsScope } from './queries';
import { RatingPlot } from './rating-plot';

type Segment = (typeof segmentKinds)[number];
type Policy = (typeof outOfRangePolicies)[number];

const segmentNames: Record<Segment, () => string> = {
  linear: m.ratings_segment_linear,
  log: m.ratings_segment_log,
  power: m.ratings_segment_power,
};
const policyNames: Record<Policy, () => string> = { none: m.ratings_out_of_range_none, extrapolate: m.ratings_out_of_range_extrapolate };

/** A river gauge's ratings: versions in time, the curve with the gaugings on it, a point editor, shifts and gaugings. */
export function RatingsPanel({ itemId, timeZone, readings }: { itemId: number; timeZone: string; readings: string[] }) {
  const codes = readings.filter((r) => levelCodes.includes(r));
  const [reading, setReading] = useState(codes[0]);
  const query = useQuery(ratingQueries.state(itemId));
  if (reading === undefined) return <EmptyState title={m.ratings_no_stage()} />;
  if (query.isPending) return <Skeleton className="h-64 w-full" />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const scope = { itemId, reading, timeZone };
  const versions = query.data.versions.filter((v) => v.reading === reading);
  const gaugings = query.data.gaugings.filter((g) => g.reading === reading);
  return (
    <div className="grid min-w-0 gap-4" data-testid="ratings-panel">
      <p className="max-w-prose text-sm text-muted-foreground">{m.ratings_intro()}</p>
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
      <Versions key={`v-${reading}`} scope={scope} versions={versions} gaugings={gaugings} mayEdit={query.data.may_edit} />
      <Gaugings key={`g-${reading}`} scope={scope} gaugings={gaugings} mayEdit={query.data.may_edit} />
    </div>
  );
}

function Versions({
  scope,
  versions,
  gaugings,
  mayEdit,
}: {
  scope: RatingsScope;
  versions: RatingVersion[];
  gaugings: Parameters<typeof RatingPlot>[0]['gaugings'];
  mayEdit: boolean;
}) {
  const [chosen, setChosen] = useState(versions.at(-1)?.id);
  const version = versions.find((v) => v.id === chosen) ?? versions.at(-1);
  return (
    <Card className="min-w-0" data-testid="rating-versions">
      <CardHeader>
        <CardTitle className="text-base">{m.ratings_versions_title()}</CardTitle>
        <CardDescription>{m.ratings_versions_hint()}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {versions.length === 0 ? (
          <p className="text-sm text-muted-foreground">{m.ratings_versions_empty()}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="text-muted-foreground">
                <tr>
                  <th className="py-1 pr-3 font-normal">{m.ratings_period()}</th>
                  <th className="py-1 pr-3 font-normal">{m.ratings_transition()}</th>
                  <th className="py-1 pr-3 font-normal">{m.ratings_points()}</th>
                  <th className="py-1 pr-3 font-normal">{m.ratings_shifts()}</th>
                  <th className="py-1 font-normal">{m.quality_note()}</th>
                </tr>
              </thead>
              <tbody>
                {versions.map((v) => (
                  <tr key={v.id} className="border-t align-top" data-testid="rating-version" aria-selected={v.id === version?.id}>
                    <td className="py-1 pr-3 tabular-nums">
                      <button type="button" className="text-left underline-offset-2 hover:underline" onClick={() => setChosen(v.id)}>
                        {stationDateTime(v.from, scope.timeZone)} – {v.to ? stationDateTime(v.to, scope.timeZone) : m.ratings_open_end()}
                      </button>
                    </td>
                    <td className="py-1 pr-3 tabular-nums">
                      {v.transition_from ? stationDateTime(v.transition_from, scope.timeZone) : '–'}
                    </td>
                    <td className="py-1 pr-3 tabular-nums">{v.points.length}</td>
                    <td className="py-1 pr-3 tabular-nums">{v.shifts.length}</td>
                    <td className="py-1 text-muted-foreground">{v.note}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <RatingPlot version={version} gaugings={gaugings} />
        {version && <PointTable version={version} />}
        {mayEdit && <VersionForm scope={scope} />}
        {mayEdit && versions.length > 0 && <ShiftForm scope={scope} versions={versions} />}
      </CardContent>
    </Card>
  );
}

function PointTable({ version }: { version: RatingVersion }) {
  return (
    <details className="text-sm">
      <summary className="cursor-pointer text-muted-foreground">{m.ratings_table_of({ points: version.points.length })}</summary>
      <table className="mt-2 text-left tabular-nums">
        <thead className="text-muted-foreground">
          <tr>
            <th className="py-1 pr-4 font-normal">{m.ratings_stage()}</th>
            <th className="py-1 pr-4 font-normal">{m.ratings_discharge()}</th>
            <th className="py-1 font-normal">{m.ratings_segment()}</th>
          </tr>
        </thead>
        <tbody>
          {version.points.map((p) => (
            <tr key={p.stage} className="border-t">
              <td className="py-1 pr-4">{p.stage}</td>
              <td className="py-1 pr-4">{p.discharge}</td>
              <td className="py-1">
                {segmentNames[p.segment]()}
                {p.offset !== null && ` (e = ${p.offset})`}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

interface Row {
  stage: string;
  discharge: string;
  segment: Segment;
  offset: string;
}

const emptyRow = (): Row => ({ stage: '', discharge: '', segment: 'linear', offset: '' });
const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));

/** Adds a version: its period, transition, out-of-range policy and a table of points edited row by row. */
function VersionForm({ scope }: { scope: RatingsScope }) {
  const [rows, setRows] = useState<Row[]>([emptyRow(), emptyRow()]);
  const [policy, setPolicy] = useState<Policy>('none');
  const { errors, form, pending } = useContractForm({
    call: () => ratingCalls().then((c) => c.add),
    query: { id: scope.itemId },
    read: (data) => ({
      reading: scope.reading,
      from: instantOrNull(data.get('version-from'), scope.timeZone) ?? '',
      to: instantOrNull(data.get('version-to'), scope.timeZone),
      transition_from: instantOrNull(data.get('transition_from'), scope.timeZone),
      out_of_range: policy,
      points: rows.map((r) => ({
        stage: numberField(r.stage),
        discharge: numberField(r.discharge),
        segment: r.segment,
        offset: r.segment === 'linear' ? null : numberOrNull(r.offset),
      })),
      note: String(data.get('version-note') ?? ''),
    }),
    toasts: { success: m.ratings_version_saved, failure: 'errors' },
    invalidates: 'ratings',
    onSuccess: () => setRows([emptyRow(), emptyRow()]),
  });
  const own = Object.fromEntries(Object.entries(errors).map(([k, v]) => [['from', 'to', 'note'].includes(k) ? `version-${k}` : k, v]));
  const pointFields = rows.flatMap((_, i) =>
    ['', '.stage', '.discharge', '.segment', '.offset', '.segment.offset'].map((s) => `points.${i}${s}`),
  );
  const fields = ['version-from', 'version-to', 'transition_from', 'out_of_range', 'version-note', 'points', ...pointFields];
  const set = (i: number, change: Partial<Row>) => setRows(rows.map((r, j) => (j === i ? { ...r, ...change } : r)));
  const rowError = (i: number) => pointFields.filter((f) => f.startsWith(`points.${i}`)).flatMap((f) => own[f] ?? []);
  return (
    <form method="post" noValidate {...form} className="grid gap-3 rounded-lg border p-3" data-testid="version-form">
      <p className="text-sm font-medium">{m.ratings_version_add()}</p>
      <FormErrors errors={own} fields={fields} />
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <TextField name="version-from" type="datetime-local" label={m.quality_from()} errors={own} required />
        <TextField name="version-to" type="datetime-local" label={m.ratings_to_optional()} errors={own} />
        <TextField name="transition_from" type="datetime-local" label={m.ratings_transition_from()} errors={own} />
        <Field
          name="out_of_range"
          label={m.ratings_out_of_range()}
          errors={own}
          control={(control) => (
            <OptionSelect<Policy>
              {...control}
              value={policy}
              onChange={setPolicy}
              options={outOfRangePolicies.map((v) => ({ value: v, label: policyNames[v]() }))}
            />
          )}
        />
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm">{m.ratings_points()}</legend>
        {own.points && <p className="text-sm text-destructive">{own.points.join(' ')}</p>}
        {rows.map((r, i) => (
          <div key={i} className="grid gap-1" data-testid="point-row">
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-[1fr_1fr_10rem_1fr_auto]">
              <Input
                aria-label={`${m.ratings_stage()} ${i + 1}`}
                type="number"
                step="any"
                inputMode="decimal"
                value={r.stage}
                onChange={(e) => set(i, { stage: e.target.value })}
                placeholder={m.ratings_stage()}
              />
              <Input
                aria-label={`${m.ratings_discharge()} ${i + 1}`}
                type="number"
                step="any"
                inputMode="decimal"
                value={r.discharge}
                onChange={(e) => set(i, { discharge: e.target.value })}
                placeholder={m.ratings_discharge()}
              />
              <OptionSelect<Segment>
                aria-label={`${m.ratings_segment()} ${i + 1}`}
                value={r.segment}
                onChange={(segment) => set(i, { segment })}
                options={(['linear', 'log'] as const).map((v) => ({ value: v, label: segmentNames[v]() }))}
              />
              <Input
                aria-label={`${m.ratings_offset()} ${i + 1}`}
                type="number"
                step="any"
                inputMode="decimal"
                value={r.offset}
                disabled={r.segment === 'linear'}
                onChange={(e) => set(i, { offset: e.target.value })}
                placeholder={m.ratings_offset()}
              />
              <Button
                type="button"
                variant="ghost"
                size="sm"
                disabled={rows.length <= 2}
                onClick={() => setRows(rows.filter((_, j) => j !== i))}
              >
                {m.ratings_point_remove()}
              </Button>
            </div>
            {rowError(i).length > 0 && <p className="text-sm text-destructive">{rowError(i).join(' ')}</p>}
          </div>
        ))}
        <div>
          <Button type="button" variant="outline" size="sm" onClick={() => setRows([...rows, emptyRow()])}>
            {m.ratings_point_add()}
          </Button>
        </div>
      </fieldset>
      <TextField name="version-note" label={m.quality_note()} maxLength={500} errors={own} required />
      <div>
        <SubmitButton pending={pending}>{pending ? m.action_working() : m.ratings_version_add()}</SubmitButton>
      </div>
    </form>
  );
}

/** Adds a shift to a version: up to three (stage, shift) points, as the USGS writes them, from an instant. */
function ShiftForm({ scope, versions }: { scope: RatingsScope; versions: RatingVersion[] }) {
  const [version, setVersion] = useState(String(versions.at(-1)!.id));
  const { errors, form, pending } = useContractForm({
    call: () => ratingCalls().then((c) => c.shift),
    query: { id: scope.itemId },
    read: (data) => ({
      version: Number(version),
      at: instantOrNull(data.get('shift-at'), scope.timeZone) ?? '',
      points: [1, 2, 3]
        .map((n) => ({ stage: numberField(data.get(`shift-stage-${n}`)), shift: numberField(data.get(`shift-${n}`)) }))
        .filter((p) => p.stage !== null || p.shift !== null),
      note: String(data.get('shift-note') ?? ''),
    }),
    toasts: { success: m.ratings_shift_saved, failure: 'errors' },
    invalidates: 'ratings',
  });
  const own = Object.fromEntries(Object.entries(errors).map(([k, v]) => [k === 'at' ? 'shift-at' : k === 'note' ? 'shift-note' : k, v]));
  const fields = ['version', 'shift-at', 'shift-note'];
  return (
    <form method="post" noValidate {...form} className="grid gap-3 rounded-lg border p-3" data-testid="shift-form">
      <p className="text-sm font-medium">{m.ratings_shift_add()}</p>
      <p className="text-sm text-muted-foreground">{m.ratings_shift_hint()}</p>
      <FormErrors errors={own} fields={fields} />
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <Field
          name="version"
          label={m.ratings_version()}
          errors={own}
          control={(control) => (
            <OptionSelect
              {...control}
              value={version}
              onChange={setVersion}
              options={versions.map((v) => ({ value: String(v.id), label: stationDateTime(v.from, scope.timeZone) }))}
            />
          )}
        />
        <TextField name="shift-at" type="datetime-local" label={m.ratings_shift_at()} errors={own} required />
        <TextField name="shift-note" label={m.quality_note()} maxLength={500} errors={own} required />
        {[1, 2, 3].map((n) => (
          <div key={n} className="grid grid-cols-2 gap-2">
            <TextField name={`shift-stage-${n}`} type="number" step="any" label={`${m.ratings_stage()} ${n}`} errors={own} />
            <TextField name={`shift-${n}`} type="number" step="any" label={`${m.ratings_shift()} ${n}`} errors={own} />
          </div>
        ))}
      </div>
      <div>
        <SubmitButton pending={pending}>{pending ? m.action_working() : m.ratings_shift_add()}</SubmitButton>
      </div>
    </form>
  );
}
