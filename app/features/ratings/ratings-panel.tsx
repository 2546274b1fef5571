import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { RatingVersion } from '../../../worker/contracts/ratings';
import { Field, FormErrors, SubmitButton, TextField } from '~/components/form';
import { EmptyState, ErrorState } from '~/components/states';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { Skeleton } from '~/components/ui/skeleton';
import { OptionSelect } from '~/features/alarms/option-select';
import { numberField } from '~/features/alarm-rules/rule-fields';
import { levelCodes } from '~/features/levels/queries';
import { instantOrNull } from '~/features/levels/scope';
import { readingByCode } from '~/features/stations/readings';
import { stationDateTime } from '~/lib/format';
import { useContractForm } from '~/lib/use-contract-form';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table';
import { m } from '~/paraglide/messages';
import { Gaugings } from './gaugings';
import { segmentNames } from './names';
import { ratingCalls, ratingQueries, type RatingsScope } from './queries';
import { RatingPlot } from './rating-plot';
import { VersionActions } from './version-actions';
import { VersionForm } from './version-form';

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
  const [editing, setEditing] = useState<number>();
  const version = versions.find((v) => v.id === chosen) ?? versions.at(-1);
  const edited = versions.find((v) => v.id === editing);
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
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>{m.ratings_period()}</TableHead>
                  <TableHead>{m.ratings_transition()}</TableHead>
                  <TableHead>{m.ratings_points()}</TableHead>
                  <TableHead>{m.ratings_shifts()}</TableHead>
                  <TableHead>{m.quality_note()}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {versions.map((v) => (
                  <TableRow key={v.id} className="align-top" data-testid="rating-version" aria-selected={v.id === version?.id}>
                    <TableCell className="tabular-nums">
                      <button type="button" className="text-left underline-offset-2 hover:underline" onClick={() => setChosen(v.id)}>
                        {stationDateTime(v.from, scope.timeZone)} – {v.to ? stationDateTime(v.to, scope.timeZone) : m.ratings_open_end()}
                      </button>
                    </TableCell>
                    <TableCell className="tabular-nums">
                      {v.transition_from ? stationDateTime(v.transition_from, scope.timeZone) : '–'}
                    </TableCell>
                    <TableCell className="tabular-nums">{v.points.length}</TableCell>
                    <TableCell className="tabular-nums">{v.shifts.length}</TableCell>
                    <TableCell className="text-muted-foreground">{v.note}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )}
        {version && <VersionActions scope={scope} version={version} mayEdit={mayEdit} onEdit={() => setEditing(version.id)} />}
        <RatingPlot version={version} gaugings={gaugings} />
        {version && <PointTable version={version} />}
        {mayEdit && <VersionForm key={edited?.id ?? 'new'} scope={scope} editing={edited} onDone={() => setEditing(undefined)} />}
        {mayEdit && versions.length > 0 && <ShiftForm scope={scope} versions={versions} />}
      </CardContent>
    </Card>
  );
}

function PointTable({ version }: { version: RatingVersion }) {
  return (
    <details className="text-sm">
      <summary className="cursor-pointer text-muted-foreground">{m.ratings_table_of({ points: version.points.length })}</summary>
      <Table className="mt-2 w-auto tabular-nums">
        <TableHeader>
          <TableRow>
            <TableHead>{m.ratings_stage()}</TableHead>
            <TableHead>{m.ratings_discharge()}</TableHead>
            <TableHead>{m.ratings_segment()}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {version.points.map((p) => (
            <TableRow key={p.stage}>
              <TableCell>{p.stage}</TableCell>
              <TableCell>{Number(p.discharge.toPrecision(6))}</TableCell>
              <TableCell>
                {segmentNames[p.segment]()}
                {p.offset !== null && ` (e = ${p.offset})`}
                {p.coefficient !== null && p.exponent !== null && `: Q = ${p.coefficient} · (h − e)^${p.exponent}`}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </details>
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
