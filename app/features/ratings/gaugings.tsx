import { useState } from 'react';
import type { Gauging } from '../../../worker/contracts/ratings';
import { gaugingQualities } from '../../../worker/contracts/ratings';
import { Field, FormErrors, SubmitButton, TextField } from '~/components/form';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { OptionSelect } from '~/features/alarms/option-select';
import { numberField } from '~/features/alarm-rules/rule-fields';
import { instantOrNull } from '~/features/levels/scope';
import { stationDateTime } from '~/lib/format';
import { useContractForm } from '~/lib/use-contract-form';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table';
import { m } from '~/paraglide/messages';
import { ratingCalls, type RatingsScope } from './queries';

type Quality = (typeof gaugingQualities)[number];

const qualityNames: Record<Quality, () => string> = {
  excellent: m.ratings_quality_excellent,
  good: m.ratings_quality_good,
  fair: m.ratings_quality_fair,
  poor: m.ratings_quality_poor,
};

/** The gaugings of a stage code, each against the rating then in effect, and a form to record one. */
export function Gaugings({ scope, gaugings, mayEdit }: { scope: RatingsScope; gaugings: Gauging[]; mayEdit: boolean }) {
  return (
    <Card className="min-w-0" data-testid="gaugings">
      <CardHeader>
        <CardTitle className="text-base">{m.ratings_gaugings_title()}</CardTitle>
        <CardDescription>{m.ratings_gaugings_hint()}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {gaugings.length === 0 ? (
          <p className="text-sm text-muted-foreground">{m.ratings_gaugings_empty()}</p>
        ) : (
          <div className="overflow-x-auto">
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>{m.ratings_time()}</TableHead>
                  <TableHead>{m.ratings_stage()}</TableHead>
                  <TableHead>{m.ratings_discharge()}</TableHead>
                  <TableHead>{m.ratings_rated()}</TableHead>
                  <TableHead>{m.ratings_deviation()}</TableHead>
                  <TableHead>{m.ratings_method()}</TableHead>
                  <TableHead>{m.ratings_measured_by()}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {gaugings.map((g) => (
                  <TableRow key={g.id} className="align-top tabular-nums" data-testid="gauging">
                    <TableCell className="whitespace-nowrap">{stationDateTime(g.at, scope.timeZone)}</TableCell>
                    <TableCell>{g.stage}</TableCell>
                    <TableCell>{g.discharge}</TableCell>
                    <TableCell>{g.rated === null ? '–' : g.rated.toFixed(3)}</TableCell>
                    <TableCell data-testid="deviation">
                      {g.deviation === null ? '–' : `${g.deviation > 0 ? '+' : ''}${g.deviation.toFixed(1)} %`}
                    </TableCell>
                    <TableCell>
                      {g.method} · {qualityNames[g.quality]()}
                    </TableCell>
                    <TableCell>{g.measured_by}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )}
        {mayEdit && <GaugingForm scope={scope} />}
      </CardContent>
    </Card>
  );
}

function GaugingForm({ scope }: { scope: RatingsScope }) {
  const [quality, setQuality] = useState<Quality>('good');
  const { errors, form, pending } = useContractForm({
    call: () => ratingCalls().then((c) => c.gaugings),
    query: { id: scope.itemId },
    read: (data) => ({
      gaugings: [
        {
          reading: scope.reading,
          at: instantOrNull(data.get('gauging-at'), scope.timeZone) ?? '',
          stage: numberField(data.get('gauging-stage')),
          discharge: numberField(data.get('gauging-discharge')),
          method: String(data.get('method') ?? ''),
          quality,
          measured_by: String(data.get('measured_by') ?? ''),
        },
      ],
    }),
    toasts: { success: m.ratings_gauging_saved, failure: 'errors' },
    invalidates: 'ratings',
  });
  const field = (k: string) => k.replace(/^gaugings\.0\./, '').replace(/^(at|stage|discharge)$/, 'gauging-$1');
  const own = Object.fromEntries(Object.entries(errors).map(([k, v]) => [field(k), v]));
  const fields = ['gauging-at', 'gauging-stage', 'gauging-discharge', 'method', 'quality', 'measured_by'];
  return (
    <form method="post" noValidate {...form} className="grid gap-3 rounded-lg border p-3" data-testid="gauging-form">
      <p className="text-sm font-medium">{m.ratings_gauging_add()}</p>
      <FormErrors errors={own} fields={fields} />
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <TextField name="gauging-at" type="datetime-local" label={m.ratings_time()} errors={own} required />
        <TextField name="gauging-stage" type="number" step="any" inputMode="decimal" label={m.ratings_stage()} errors={own} required />
        <TextField
          name="gauging-discharge"
          type="number"
          step="any"
          inputMode="decimal"
          label={m.ratings_discharge()}
          errors={own}
          required
        />
        <TextField name="method" label={m.ratings_method()} placeholder="ADCP" maxLength={60} errors={own} required />
        <Field
          name="quality"
          label={m.ratings_quality()}
          errors={own}
          control={(control) => (
            <OptionSelect<Quality>
              {...control}
              value={quality}
              onChange={setQuality}
              options={gaugingQualities.map((v) => ({ value: v, label: qualityNames[v]() }))}
            />
          )}
        />
        <TextField name="measured_by" label={m.ratings_measured_by()} maxLength={100} errors={own} required />
      </div>
      <div>
        <SubmitButton pending={pending}>{pending ? m.action_working() : m.ratings_gauging_add()}</SubmitButton>
      </div>
    </form>
  );
}
