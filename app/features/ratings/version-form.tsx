import { useEffect, useRef, useState, type ComponentProps, type ReactNode } from 'react';
import type { RatingVersion } from '../../../worker/contracts/ratings';
import { outOfRangePolicies, segmentKinds } from '../../../worker/contracts/ratings';
import type { FieldErrors } from '../../../worker/contracts/envelope';
import { Field, FormErrors, SubmitButton, TextField } from '~/components/form';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { OptionSelect } from '~/features/alarms/option-select';
import { numberField } from '~/features/alarm-rules/rule-fields';
import { powerLaw } from '../../../shared/power-law';
import { instantOrNull, localInput } from '~/features/levels/scope';
import { stationDateTime } from '~/lib/format';
import { useContractForm } from '~/lib/use-contract-form';
import { m } from '~/paraglide/messages';
import { policyNames, segmentNames, type Policy, type Segment } from './names';
import { ratingCalls, type RatingsScope } from './queries';

/** A point as typed: text until sent, so a half-typed number is not lost on a re-render. */
interface Row {
  stage: string;
  discharge: string;
  segment: Segment;
  offset: string;
  coefficient: string;
  exponent: string;
}

const emptyRow = (): Row => ({ stage: '', discharge: '', segment: 'linear', offset: '', coefficient: '', exponent: '' });
const text = (n: number | null) => (n === null ? '' : String(n));
const rowsOf = (version: RatingVersion | undefined): Row[] =>
  version
    ? version.points.map((p) => ({
        stage: text(p.stage),
        discharge: text(p.discharge),
        segment: p.segment,
        offset: text(p.offset),
        coefficient: text(p.coefficient),
        exponent: text(p.exponent),
      }))
    : [emptyRow(), emptyRow()];

/** The fields of a point and the error keys each shows (the server names a segment's offset under `segment`). */
const cells = {
  stage: ['stage'],
  discharge: ['discharge'],
  segment: ['segment'],
  offset: ['offset', 'segment.offset'],
  coefficient: ['coefficient'],
  exponent: ['exponent'],
} as const;
type Cell = keyof typeof cells;
const cellKeys = (i: number, cell: Cell) => cells[cell].map((k) => `points.${i}.${k}`);

/**
 * Adds a version, or with `editing` replaces that one (its table, period and policy; its shifts stay): the period,
 * transition, out-of-range policy and a table of points edited row by row, each a linear, logarithmic or power-law
 * segment. What is typed stays through a refusal; each error shows at the field it names.
 */
export function VersionForm({ scope, editing, onDone }: { scope: RatingsScope; editing?: RatingVersion; onDone: () => void }) {
  const [rows, setRows] = useState<Row[]>(() => rowsOf(editing));
  const [policy, setPolicy] = useState<Policy>(editing?.out_of_range ?? 'none');
  const ref = useRef<HTMLFormElement>(null);
  // Once per version taken up for editing (a refetch hands the same version anew and must not move the focus).
  const editingId = editing?.id;
  useEffect(() => {
    if (editingId === undefined) return;
    ref.current?.scrollIntoView({ block: 'nearest' });
    ref.current?.querySelector<HTMLInputElement>('input[name="version-from"]')?.focus();
  }, [editingId]);
  const { errors, form, pending } = useContractForm({
    call: () => ratingCalls().then((c) => (editing ? c.replace : c.add)),
    query: { id: scope.itemId },
    read: (data) => ({
      version: editing?.id,
      reading: scope.reading,
      from: instantOrNull(data.get('version-from'), scope.timeZone) ?? '',
      to: instantOrNull(data.get('version-to'), scope.timeZone),
      transition_from: instantOrNull(data.get('transition_from'), scope.timeZone),
      out_of_range: policy,
      points: rows.map((r) => ({
        stage: numberField(r.stage),
        discharge: numberField(r.discharge),
        segment: r.segment,
        offset: r.segment === 'linear' ? null : numberField(r.offset),
        coefficient: r.segment === 'power' ? numberField(r.coefficient) : null,
        exponent: r.segment === 'power' ? numberField(r.exponent) : null,
      })),
      note: String(data.get('version-note') ?? ''),
    }),
    toasts: { success: editing ? m.ratings_version_replaced : m.ratings_version_saved, failure: 'errors' },
    invalidates: 'ratings',
    onSuccess: () => {
      if (editing) return onDone();
      ref.current?.reset();
      setRows([emptyRow(), emptyRow()]);
      setPolicy('none');
    },
  });
  const own = Object.fromEntries(Object.entries(errors).map(([k, v]) => [['from', 'to', 'note'].includes(k) ? `version-${k}` : k, v]));
  const pointFields = rows.flatMap((_, i) => [`points.${i}`, ...Object.keys(cells).flatMap((c) => cellKeys(i, c as Cell))]);
  const fields = ['version-from', 'version-to', 'transition_from', 'out_of_range', 'version-note', 'points', ...pointFields];
  const set = (i: number, change: Partial<Row>) => setRows(rows.map((r, j) => (j === i ? { ...r, ...change } : r)));
  const local = (iso: string | null | undefined) => (iso ? localInput(iso, scope.timeZone) : undefined);
  const columns = [
    m.ratings_stage(),
    m.ratings_discharge(),
    m.ratings_segment(),
    m.ratings_offset(),
    m.ratings_coefficient(),
    m.ratings_exponent(),
  ];
  const title = editing ? m.ratings_version_editing({ from: stationDateTime(editing.from, scope.timeZone) }) : m.ratings_version_add();
  return (
    <form ref={ref} method="post" noValidate {...form} className="grid gap-3 rounded-lg border p-3" data-testid="version-form">
      <p className="text-sm font-medium">{title}</p>
      <FormErrors errors={own} fields={fields} />
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <TextField
          name="version-from"
          type="datetime-local"
          label={m.quality_from()}
          errors={own}
          defaultValue={local(editing?.from)}
          required
        />
        <TextField name="version-to" type="datetime-local" label={m.ratings_to_optional()} errors={own} defaultValue={local(editing?.to)} />
        <TextField
          name="transition_from"
          type="datetime-local"
          label={m.ratings_transition_from()}
          errors={own}
          defaultValue={local(editing?.transition_from)}
        />
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
        <p className="text-sm text-muted-foreground">{m.ratings_segment_hint()}</p>
        {own.points && <p className="text-sm text-destructive">{own.points.join(' ')}</p>}
        {/* Column names over the rows from 640 px; below, each field carries its own (PointCell). */}
        <div className="hidden gap-2 text-xs text-muted-foreground sm:grid sm:grid-cols-[1fr_1fr_10rem_1fr_1fr_1fr_6rem]" aria-hidden>
          {columns.map((c) => (
            <span key={c}>{c}</span>
          ))}
        </div>
        {rows.map((r, i) => {
          const cell = (name: Cell) => ({ index: i, name, errors: own });
          return (
            <div key={i} className="grid gap-1" data-testid="point-row">
              <div className="grid grid-cols-2 items-start gap-2 sm:grid-cols-[1fr_1fr_10rem_1fr_1fr_1fr_6rem]">
                <PointInput
                  {...cell('stage')}
                  label={m.ratings_stage()}
                  value={r.stage}
                  onChange={(e) => set(i, { stage: e.target.value })}
                />
                <PointInput
                  {...cell('discharge')}
                  label={m.ratings_discharge()}
                  value={r.discharge}
                  placeholder={r.segment === 'power' ? lawPlaceholder(r) : undefined}
                  onChange={(e) => set(i, { discharge: e.target.value })}
                />
                <PointCell {...cell('segment')} label={m.ratings_segment()}>
                  {(control) => (
                    <OptionSelect<Segment>
                      {...control}
                      aria-label={`${m.ratings_segment()} ${i + 1}`}
                      value={r.segment}
                      onChange={(segment) => set(i, { segment })}
                      options={segmentKinds.map((v) => ({ value: v, label: segmentNames[v]() }))}
                    />
                  )}
                </PointCell>
                <PointInput
                  {...cell('offset')}
                  label={m.ratings_offset()}
                  value={r.offset}
                  disabled={r.segment === 'linear'}
                  onChange={(e) => set(i, { offset: e.target.value })}
                />
                <PointInput
                  {...cell('coefficient')}
                  label={m.ratings_coefficient()}
                  value={r.coefficient}
                  disabled={r.segment !== 'power'}
                  onChange={(e) => set(i, { coefficient: e.target.value })}
                />
                <PointInput
                  {...cell('exponent')}
                  label={m.ratings_exponent()}
                  value={r.exponent}
                  disabled={r.segment !== 'power'}
                  onChange={(e) => set(i, { exponent: e.target.value })}
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
              {own[`points.${i}`] && <p className="text-sm text-destructive">{own[`points.${i}`].join(' ')}</p>}
            </div>
          );
        })}
        <div>
          <Button type="button" variant="outline" size="sm" onClick={() => setRows([...rows, emptyRow()])}>
            {m.ratings_point_add()}
          </Button>
        </div>
      </fieldset>
      <TextField name="version-note" label={m.quality_note()} maxLength={500} errors={own} defaultValue={editing?.note} required />
      <div className="flex flex-wrap gap-2">
        <SubmitButton pending={pending}>
          {pending ? m.action_working() : editing ? m.ratings_version_replace() : m.ratings_version_add()}
        </SubmitButton>
        {editing && (
          <Button type="button" variant="outline" onClick={onDone}>
            {m.action_cancel()}
          </Button>
        )}
      </div>
    </form>
  );
}

/** What a power-law point's discharge will be when left empty: its law at its stage, once the row says enough. */
function lawPlaceholder(r: Row) {
  const [stage, offset, coefficient, exponent] = [r.stage, r.offset, r.coefficient, r.exponent].map((v) => numberField(v));
  if (
    stage === null ||
    offset === null ||
    coefficient === null ||
    exponent === null ||
    [stage, offset, coefficient, exponent].some(Number.isNaN)
  )
    return m.ratings_discharge_law_pending();
  return m.ratings_discharge_law({ value: powerLaw({ offset, coefficient, exponent }, stage).toFixed(3) });
}

interface CellProps {
  index: number;
  name: Cell;
  errors: FieldErrors;
}

/** One field of a point with the messages the server or the contract gives for it, tied to it for screen readers. */
function PointCell({
  index,
  name,
  errors,
  label,
  children,
}: CellProps & { label: string; children: (control: ControlProps) => ReactNode }) {
  const messages = cellKeys(index, name).flatMap((k) => errors[k] ?? []);
  const id = `point-${index}-${name}`;
  return (
    <div className="grid min-w-0 gap-1">
      <span className="text-xs text-muted-foreground sm:hidden" aria-hidden>
        {label}
      </span>
      {children({
        id,
        'aria-invalid': messages.length ? true : undefined,
        'aria-describedby': messages.length ? `${id}-error` : undefined,
      })}
      {messages.length > 0 && (
        <p id={`${id}-error`} className="text-sm text-destructive" data-testid={`${id}-error`}>
          {messages.join(' ')}
        </p>
      )}
    </div>
  );
}

interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

function PointInput({ index, name, errors, label, ...props }: CellProps & { label: string } & ComponentProps<typeof Input>) {
  return (
    <PointCell index={index} name={name} errors={errors} label={label}>
      {(control) => (
        <Input
          {...control}
          {...props}
          aria-label={`${label} ${index + 1}`}
          placeholder={props.placeholder ?? label}
          type="number"
          step="any"
          inputMode="decimal"
        />
      )}
    </PointCell>
  );
}
