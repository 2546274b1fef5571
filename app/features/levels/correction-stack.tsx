import { useMutation, useQuery } from '@tanstack/react-query';
import { SparklesIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import type { Correction } from '../../../worker/contracts/corrections';
import { correctionKinds } from '../../../worker/contracts/corrections';
import { isReadingOf } from '../../../shared/readings';
import { Field, FormErrors, SubmitButton, TextField } from '~/components/form';
import { ErrorState } from '~/components/states';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { Input } from '~/components/ui/input';
import { Skeleton } from '~/components/ui/skeleton';
import { OptionSelect } from '~/features/alarms/option-select';
import { alarmQueries } from '~/features/alarms/queries';
import { numberField } from '~/features/alarm-rules/rule-fields';
import { send } from '~/lib/api';
import { stationDateTime } from '~/lib/format';
import { toast } from '~/lib/toast';
import { useContractForm } from '~/lib/use-contract-form';
import { m } from '~/paraglide/messages';
import { RemovalForm } from './removal-form';
import { instantOrNull, type LevelsScope } from './scope';
import { correctionCalls, levelQueries, useChartsAgain } from './queries';

type Kind = (typeof correctionKinds)[number];

const kindNames: Record<Kind, () => string> = {
  offset: m.levels_kind_offset,
  drift: m.levels_kind_drift,
  clock_shift: m.levels_kind_clock_shift,
  delete_range: m.levels_kind_delete_range,
  gap_fill: m.levels_kind_gap_fill,
  barometric: m.levels_kind_barometric,
};

/** Each kind's parameters: the field's name in the contract, its label and unit. */
const parameterFields: Record<Kind, { name: string; label: () => string; unit: string }[]> = {
  offset: [{ name: 'amount', label: m.levels_amount, unit: 'm' }],
  drift: [{ name: 'amount', label: m.levels_drift_amount, unit: 'm' }],
  clock_shift: [{ name: 'seconds', label: m.levels_seconds, unit: 's' }],
  delete_range: [],
  gap_fill: [{ name: 'max_gap_minutes', label: m.levels_max_gap, unit: 'min' }],
  barometric: [
    { name: 'density', label: m.levels_density, unit: 'kg/m³' },
    { name: 'reference_hpa', label: m.levels_reference_hpa, unit: 'hPa' },
  ],
};
const units: Record<string, string> = Object.fromEntries(Object.values(parameterFields).flatMap((fs) => fs.map((f) => [f.name, f.unit])));

/** The corrections of a level code in processing order: what makes the published series from the raw one. */
export function CorrectionStack({ scope }: { scope: LevelsScope }) {
  const query = useQuery(levelQueries.corrections(scope.itemId, scope.reading));
  return (
    <Card className="min-w-0" data-testid="corrections">
      <CardHeader>
        <CardTitle className="text-base">{m.levels_corrections_title()}</CardTitle>
        <CardDescription>{m.levels_corrections_hint()}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {query.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : query.isError ? (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : query.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{m.levels_corrections_empty()}</p>
        ) : (
          <ol className="grid gap-2">
            {query.data.map((c) => (
              <CorrectionRow key={c.id} correction={c} scope={scope} />
            ))}
          </ol>
        )}
        <CorrectionForm scope={scope} />
      </CardContent>
    </Card>
  );
}

/** The stations the subject may see (the alarm screens' list), asked for only where another station's pressure is named or chosen. */
const useStations = (needed: boolean) => useQuery({ ...alarmQueries.stations(), enabled: needed }).data ?? [];

function CorrectionRow({ correction: c, scope }: { correction: Correction; scope: LevelsScope }) {
  const [removing, setRemoving] = useState(false);
  const stations = useStations('source' in c.parameters);
  const stationName = (id: number) => stations.find((s) => s.id === id)?.name ?? `#${id}`;
  const tz = scope.timeZone;
  const removed = c.removed_at !== null;
  return (
    <li
      className="grid gap-1 rounded-lg border p-3 text-sm"
      data-testid="correction"
      data-kind={c.kind}
      data-removed={removed || undefined}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Badge variant={removed ? 'default' : 'secondary'} className={removed ? 'opacity-60' : undefined}>
          {kindNames[c.kind]()}
        </Badge>
        <span className={removed ? 'text-muted-foreground line-through tabular-nums' : 'tabular-nums'}>
          {stationDateTime(c.from, tz)} – {c.to ? stationDateTime(c.to, tz) : m.levels_open_end()}
        </span>
        {Object.entries(c.parameters).map(([name, value]) => (
          <span key={name} className="tabular-nums" data-testid={`parameter-${name}`}>
            {name === 'source' ? (
              m.levels_pressure_of({ name: stationName(value) })
            ) : (
              <>
                {value > 0 && (name === 'amount' || name === 'seconds') ? '+' : ''}
                {value} {units[name]}
              </>
            )}
          </span>
        ))}
        <span className="text-muted-foreground">
          {c.created_by?.name ?? m.quality_log_automatic()} · {stationDateTime(c.created_at, tz)}
        </span>
        {!removed && !removing && (
          <Button variant="ghost" size="sm" className="ml-auto" onClick={() => setRemoving(true)}>
            <Trash2Icon />
            {m.levels_remove()}
          </Button>
        )}
      </div>
      <p className="whitespace-pre-wrap text-muted-foreground">“{c.note}”</p>
      {removed && (
        <p className="text-muted-foreground">
          {m.levels_removed({ by: c.removed_by?.name ?? '–', at: stationDateTime(c.removed_at!, tz) })}
          {c.removal_note && ` “${c.removal_note}”`}
        </p>
      )}
      {removing && (
        // The correction stays in the log and for "as of" replays.
        <RemovalForm
          call={() => correctionCalls().then((calls) => calls.remove)}
          query={{ id: scope.itemId }}
          body={(note) => ({ correction: c.id, note })}
          success={m.levels_removed_toast}
          onClose={() => setRemoving(false)}
        />
      )}
    </li>
  );
}

/** Adds a correction; a drift's amount can be suggested from the manual measurements nearest its ends. */
function CorrectionForm({ scope }: { scope: LevelsScope }) {
  const [kind, setKind] = useState<Kind>('offset');
  const [range, setRange] = useState({ from: '', to: '' });
  const [amount, setAmount] = useState('');
  // A barometric correction's pressure: this station's own, or a station's that reports pressure.
  const [source, setSource] = useState('own');
  const pressureStations = useStations(kind === 'barometric').filter(
    (s) => s.id !== scope.itemId && isReadingOf(s.name_for_api, 'pressure'),
  );
  const charts = useChartsAgain();
  const { errors, form, pending } = useContractForm({
    call: () => correctionCalls().then((c) => c.add),
    query: { id: scope.itemId },
    read: (data) => ({
      reading: scope.reading,
      kind,
      from: instantOrNull(range.from, scope.timeZone) ?? '',
      to: instantOrNull(range.to, scope.timeZone),
      note: String(data.get('note') ?? ''),
      ...(kind === 'barometric' && source !== 'own' ? { source: Number(source) } : {}),
      ...Object.fromEntries(
        parameterFields[kind].map((f) => [f.name, numberField(f.name === 'amount' ? amount : data.get(f.name)) ?? undefined]),
      ),
    }),
    toasts: { success: m.levels_correction_saved, failure: 'errors' },
    invalidates: 'levels',
    onSuccess: async () => {
      setAmount('');
      await charts();
    },
  });
  const suggest = useMutation({
    mutationFn: () =>
      send(() => correctionCalls().then((c) => c.drift), {
        query: {
          id: scope.itemId,
          reading: scope.reading,
          from: instantOrNull(range.from, scope.timeZone) ?? '',
          to: instantOrNull(range.to, scope.timeZone) ?? '',
        },
      }),
    // Twelve significant digits drop the float noise and keep what brings the line onto the measurement.
    onSuccess: (s) => setAmount(String(Number(s.amount.toPrecision(12)))),
    onError: () => toast.warning(m.levels_suggest_failed()),
  });
  const fields = ['kind', 'from', 'to', ...(kind === 'barometric' ? ['source'] : []), ...parameterFields[kind].map((f) => f.name), 'note'];
  return (
    <form method="post" noValidate {...form} className="grid gap-3 rounded-lg border p-3" data-testid="correction-form">
      <p className="text-sm font-medium">{m.levels_correction_add()}</p>
      <FormErrors errors={errors} fields={fields} />
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Field
          name="kind"
          label={m.levels_kind()}
          errors={errors}
          control={(control) => (
            <OptionSelect<Kind>
              {...control}
              value={kind}
              onChange={setKind}
              options={correctionKinds.map((k) => ({ value: k, label: kindNames[k]() }))}
            />
          )}
        />
        {(['from', 'to'] as const).map((name) => (
          <Field
            key={name}
            name={name}
            label={name === 'from' ? m.quality_from() : kind === 'drift' ? m.quality_to() : m.levels_to_optional()}
            errors={errors}
            control={(control) => (
              <Input
                {...control}
                name={name}
                type="datetime-local"
                value={range[name]}
                onChange={(e) => setRange((r) => ({ ...r, [name]: e.target.value }))}
              />
            )}
          />
        ))}
        {kind === 'barometric' && (
          <Field
            name="source"
            label={m.levels_pressure_source()}
            errors={errors}
            control={(control) => (
              <OptionSelect
                {...control}
                value={source}
                onChange={setSource}
                options={[
                  { value: 'own', label: m.levels_pressure_own() },
                  ...pressureStations.map((s) => ({ value: String(s.id), label: s.name })),
                ]}
              />
            )}
          />
        )}
        {parameterFields[kind].map((f) =>
          f.name === 'amount' ? (
            <Field
              key={`${kind}-${f.name}`}
              name="amount"
              label={`${f.label()} (${f.unit})`}
              errors={errors}
              control={(control) => (
                <div className="flex gap-2">
                  <Input
                    {...control}
                    name="amount"
                    type="number"
                    step="any"
                    inputMode="decimal"
                    value={amount}
                    onChange={(e) => setAmount(e.target.value)}
                  />
                  {kind === 'drift' && (
                    <Button
                      type="button"
                      variant="outline"
                      onClick={() => suggest.mutate()}
                      disabled={!range.from || !range.to || suggest.isPending}
                      data-testid="suggest-drift"
                    >
                      <SparklesIcon />
                      {m.levels_suggest()}
                    </Button>
                  )}
                </div>
              )}
            />
          ) : (
            <TextField
              key={`${kind}-${f.name}`}
              name={f.name}
              type="number"
              step="any"
              inputMode="decimal"
              label={`${f.label()} (${f.unit})`}
              errors={errors}
              defaultValue={f.name === 'density' ? 1000 : f.name === 'reference_hpa' ? 0 : undefined}
            />
          ),
        )}
      </div>
      <TextField name="note" label={m.quality_note()} hint={m.quality_note_hint()} maxLength={500} errors={errors} required />
      <div>
        <SubmitButton pending={pending}>{pending ? m.action_working() : m.levels_correction_add()}</SubmitButton>
      </div>
    </form>
  );
}
