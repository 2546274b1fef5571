import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { BotIcon, CheckCheckIcon, RotateCcwIcon, UndoIcon } from 'lucide-react';
import { useState } from 'react';
import type { CodeChecks, LogEntry, QualityState } from '../../../worker/contracts/quality';
import { localDay } from '../../../shared/station-time';
import { Field, FormErrors, SubmitButton, TextField } from '~/components/form';
import { ErrorState } from '~/components/states';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { Input } from '~/components/ui/input';
import { Skeleton } from '~/components/ui/skeleton';
import { OptionSelect } from '~/features/alarms/option-select';
import { numberField } from '~/features/alarm-rules/rule-fields';
import { readingByCode } from '~/features/stations/readings';
import { formatDay, stationDateTime } from '~/lib/format';
import { useContractForm } from '~/lib/use-contract-form';
import { m } from '~/paraglide/messages';
import { flagNames } from './flag-form';
import { qualityCalls, qualityQueries } from './queries';

const allReadings = '*';
const readingName = (code: string | null) => (code === null ? m.quality_all_readings() : (readingByCode(code)?.name ?? code));

/** A range's first and last day as the station counts them ("to" excluded: the last day holds the instant before it). */
const rangeDays = (from: string | null, to: string, timeZone: string) =>
  `${from === null ? m.quality_from_start() : formatDay(localDay(Date.parse(from), timeZone))} – ${formatDay(localDay(Date.parse(to) - 1, timeZone))}`;

/** A station's data quality: how far each reading is approved (administrators approve and withdraw), its automatic checks, and the audit log. */
export function QualityPanel({ itemId }: { itemId: number }) {
  const query = useQuery(qualityQueries.state(itemId));
  if (query.isPending) return <Skeleton className="h-96 w-full" />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const state = query.data;
  return (
    <div className="grid min-w-0 gap-4" data-testid="quality-panel">
      <p className="max-w-prose text-sm text-muted-foreground">{m.quality_intro()}</p>
      <div className="grid min-w-0 gap-4 xl:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <Approvals state={state} />
        <Checks state={state} />
      </div>
      <AuditLog itemId={itemId} timeZone={state.item.timezone} />
    </div>
  );
}

function Approvals({ state }: { state: QualityState }) {
  const { timezone } = state.item;
  const levels = new Map(state.levels.map((l) => [l.id, l]));
  return (
    <Card className="min-w-0" data-testid="approvals">
      <CardHeader>
        <CardTitle className="text-base">{m.quality_approval_title()}</CardTitle>
        <CardDescription>{m.quality_approval_hint()}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ul className="grid gap-2 text-sm">
          {state.approvals.map((a) => (
            <li key={a.reading} className="grid gap-1 border-t pt-2" data-reading={a.reading}>
              <span className="font-medium">{readingName(a.reading)}</span>
              {a.ranges.length === 0 && <span className="text-muted-foreground">{m.quality_not_approved()}</span>}
              <ul className="grid gap-1">
                {a.ranges.map((r) => {
                  const level = levels.get(r.level);
                  return (
                    <li
                      key={r.from ?? ''}
                      className="flex min-w-0 flex-wrap items-baseline gap-x-2"
                      data-testid="approval-range"
                      data-level={level?.name}
                    >
                      <span className="inline-flex items-center gap-1 font-medium">
                        <span aria-hidden className="inline-block size-2.5 rounded-sm" style={{ backgroundColor: level?.colour }} />
                        {level?.name ?? r.level}
                      </span>
                      <span className="tabular-nums">{rangeDays(r.from, r.to, timezone)}</span>
                      <span className="text-xs text-muted-foreground">
                        {m.quality_range_by({ name: r.by?.name ?? '—', when: stationDateTime(r.at, timezone) })}
                      </span>
                      {r.note && <span className="min-w-0 text-xs break-words text-muted-foreground">{r.note}</span>}
                    </li>
                  );
                })}
              </ul>
            </li>
          ))}
        </ul>
        {state.may_approve && (
          <>
            <div className="grid gap-4 sm:grid-cols-2">
              <ApprovalForm state={state} action="approve" />
              <ApprovalForm state={state} action="withdraw" />
            </div>
            <Link to="/approval-levels" className="text-sm text-primary hover:underline">
              {m.quality_edit_levels()}
            </Link>
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** Sets a level over a range of days (note optional) or withdraws a range of days, or everything (note required). */
function ApprovalForm({ state, action }: { state: QualityState; action: 'approve' | 'withdraw' }) {
  const [reading, setReading] = useState(allReadings);
  const [level, setLevel] = useState(String(state.levels.at(-1)?.id ?? ''));
  const approve = action === 'approve';
  const prefix = `${action}-`;
  const { errors, form, pending } = useContractForm({
    call: () => qualityCalls().then((c) => (approve ? c.approve : c.withdraw)),
    query: { id: state.item_id },
    read: (data) => {
      const day = (field: string) => String(data.get(`${prefix}${field}`) ?? '') || null;
      return {
        reading: reading === allReadings ? null : reading,
        ...(approve ? { level: Number(level), from: day('from'), to: day('to') ?? '' } : { from: day('from'), to: day('to') }),
        note: String(data.get(`${prefix}note`) ?? '') || (approve ? null : ''),
      };
    },
    toasts: { success: approve ? m.quality_approved_toast : m.quality_withdrawn_toast, failure: 'errors' },
    invalidates: 'quality',
  });
  // The contract names fields without the form's prefix; each form shows its own.
  const own = Object.fromEntries(
    Object.entries(errors).map(([k, v]) => [['reading', 'level', 'to', 'from', 'note'].includes(k) ? `${prefix}${k}` : k, v]),
  );
  return (
    <form method="post" noValidate {...form} className="grid content-start gap-3 rounded-lg border p-3" data-testid={`${action}-form`}>
      <p className="text-sm font-medium">{approve ? m.quality_approve() : m.quality_withdraw()}</p>
      <FormErrors errors={own} fields={[`${prefix}reading`, `${prefix}level`, `${prefix}from`, `${prefix}to`, `${prefix}note`]} />
      <Field
        name={`${prefix}reading`}
        label={m.stations_reading()}
        errors={own}
        control={(control) => (
          <OptionSelect
            {...control}
            value={reading}
            onChange={setReading}
            options={[
              { value: allReadings, label: m.quality_all_readings() },
              ...state.approvals.map((a) => ({ value: a.reading, label: readingName(a.reading) })),
            ]}
          />
        )}
      />
      {approve && (
        <Field
          name={`${prefix}level`}
          label={m.quality_level()}
          errors={own}
          control={(control) => (
            <OptionSelect
              {...control}
              value={level}
              onChange={setLevel}
              options={[...state.levels].reverse().map((l) => ({ value: String(l.id), label: l.name }))}
            />
          )}
        />
      )}
      <TextField
        name={`${prefix}from`}
        type="date"
        label={approve ? m.quality_approve_from() : m.quality_withdraw_from()}
        hint={approve ? m.quality_approve_from_hint() : m.quality_withdraw_from_hint()}
        errors={own}
      />
      <TextField
        name={`${prefix}to`}
        type="date"
        label={approve ? m.quality_approve_to() : m.quality_withdraw_to()}
        hint={approve ? undefined : m.quality_withdraw_to_hint()}
        errors={own}
        required={approve}
      />
      <TextField
        name={`${prefix}note`}
        label={approve ? m.quality_note_optional() : m.quality_note()}
        maxLength={500}
        errors={own}
        required={!approve}
      />
      <div>
        <SubmitButton pending={pending} variant={approve ? 'default' : 'outline'}>
          {approve ? <CheckCheckIcon /> : <UndoIcon />}
          {pending ? m.action_working() : approve ? m.quality_approve() : m.quality_withdraw()}
        </SubmitButton>
      </div>
    </form>
  );
}

const checkFields = [
  ['soft_min', m.quality_soft_min],
  ['soft_max', m.quality_soft_max],
  ['max_step', m.quality_max_step],
  ['max_rate', m.quality_max_rate],
  ['flat_minutes', m.quality_flat_minutes],
] as const;
type CheckField = (typeof checkFields)[number][0];

const shown = (value: number | null) => (value === null ? '' : String(value));

/** The station's automatic checks per reading: editable by administrators and subjects with the quality control right. */
function Checks({ state }: { state: QualityState }) {
  const [values, setValues] = useState(() => state.checks);
  const queryClient = useQueryClient();
  const { errors, form, pending } = useContractForm({
    call: () => qualityCalls().then((c) => c.checks),
    query: { id: state.item_id },
    read: (data) => ({
      checks: values.map((c) => ({
        reading: c.reading,
        ...Object.fromEntries(checkFields.map(([field]) => [field, numberField(data.get(`${c.reading}.${field}`))])),
      })),
    }),
    toasts: { success: m.quality_checks_saved, failure: 'errors' },
    onSuccess: async (saved) => {
      setValues(saved.checks);
      await queryClient.invalidateQueries({ queryKey: ['quality'] });
    },
  });
  const defaults = new Map(state.defaults.map((d) => [d.reading, d]));
  const reset = (code: string) => setValues((list) => list.map((c) => (c.reading === code ? defaults.get(code)! : c)));
  const set = (code: string, field: CheckField, text: string) =>
    setValues((list) => list.map((c): CodeChecks => (c.reading === code ? { ...c, [field]: text === '' ? null : Number(text) } : c)));
  return (
    <Card className="min-w-0" data-testid="checks">
      <CardHeader>
        <CardTitle className="text-base">{m.quality_checks_title()}</CardTitle>
        <CardDescription>{m.quality_checks_hint()}</CardDescription>
      </CardHeader>
      <CardContent>
        <form method="post" noValidate {...form} className="grid gap-3">
          <FormErrors errors={errors} fields={[]} />
          {values.map((c) => {
            const unit = readingByCode(c.reading)?.unit ?? '';
            const units: Record<CheckField, string> = {
              soft_min: unit,
              soft_max: unit,
              max_step: unit,
              max_rate: m.alarm_rules_per_hour({ unit }),
              flat_minutes: 'min',
            };
            return (
              <fieldset key={c.reading} className="grid gap-2 rounded-lg border p-3" data-reading={c.reading} disabled={!state.may_edit}>
                <legend className="px-1 text-sm font-medium">{readingName(c.reading)}</legend>
                <div className="grid grid-cols-2 gap-2 sm:grid-cols-5">
                  {checkFields.map(([field, label]) => (
                    <div key={field} className="flex min-w-0 flex-col justify-end gap-1">
                      <label htmlFor={`check-${c.reading}-${field}`} className="text-xs leading-tight text-muted-foreground">
                        {label()} <span className="whitespace-nowrap">({units[field]})</span>
                      </label>
                      <Input
                        id={`check-${c.reading}-${field}`}
                        name={`${c.reading}.${field}`}
                        type="number"
                        step="any"
                        inputMode="decimal"
                        className="h-8 px-2"
                        value={shown(c[field])}
                        placeholder={m.quality_check_off()}
                        onChange={(e) => set(c.reading, field, e.target.value)}
                      />
                    </div>
                  ))}
                </div>
                {state.may_edit && JSON.stringify(c) !== JSON.stringify(defaults.get(c.reading)) && (
                  <div>
                    <Button type="button" variant="ghost" size="sm" onClick={() => reset(c.reading)}>
                      <RotateCcwIcon />
                      {m.quality_checks_defaults()}
                    </Button>
                  </div>
                )}
              </fieldset>
            );
          })}
          {state.may_edit && (
            <div>
              <SubmitButton pending={pending}>{pending ? m.action_working() : m.admin_save()}</SubmitButton>
            </div>
          )}
        </form>
      </CardContent>
    </Card>
  );
}

const actionNames: Record<LogEntry['action'], () => string> = {
  flag: m.quality_log_flag,
  auto: m.quality_log_auto,
  arrival: m.quality_log_arrival,
  approve: m.quality_log_approve,
  withdraw: m.quality_log_withdraw,
  correct: m.quality_log_correct,
  uncorrect: m.quality_log_uncorrect,
  reference: m.quality_log_reference,
  measure: m.quality_log_measure,
  rating: m.quality_log_rating,
  gauging: m.quality_log_gauging,
};

const reasonNames: Record<string, () => string> = {
  range: m.quality_reason_range,
  step: m.quality_reason_step,
  rate: m.quality_reason_rate,
  flat: m.quality_reason_flat,
  manual: m.quality_reason_manual,
  maintenance: m.quality_reason_maintenance,
};

/** What one entry changed, in words. */
function changeText(entry: LogEntry, timeZone: string) {
  if (entry.action === 'approve' || entry.action === 'withdraw') {
    if (entry.to === null)
      return entry.from === null ? m.quality_not_approved() : `${formatDay(localDay(Date.parse(entry.from), timeZone))} –`;
    if (entry.from === null) return m.quality_log_up_to({ day: formatDay(localDay(Date.parse(entry.to) - 1, timeZone)) });
    return rangeDays(entry.from, entry.to, timeZone);
  }
  // Corrections, references, measurements, ratings and gaugings set no flag: their badge, range and note say it all.
  if (entry.flag === null) return null;
  const to = flagNames[entry.flag]();
  if (entry.action === 'flag') {
    if (!entry.changed.length) return m.quality_log_nothing({ flag: to });
    return entry.changed.map((c) => m.quality_log_changed({ count: c.count, from: flagNames[c.from](), to })).join(', ');
  }
  const reason = entry.reason ? ` (${reasonNames[entry.reason]()})` : '';
  return `${m.quality_log_readings({ count: entry.count, flag: to })}${reason}`;
}

/** The station's audit log, newest first, a page at a time. */
function AuditLog({ itemId, timeZone }: { itemId: number; timeZone: string }) {
  const log = useInfiniteQuery(qualityQueries.log(itemId));
  const entries = log.data?.pages.flat() ?? [];
  return (
    <Card className="min-w-0" data-testid="audit-log">
      <CardHeader>
        <CardTitle className="text-base">{m.quality_log_title()}</CardTitle>
        <CardDescription>{m.quality_log_hint({ zone: timeZone })}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {log.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : log.isError ? (
          <ErrorState error={log.error} onRetry={() => void log.refetch()} />
        ) : entries.length === 0 ? (
          <p className="text-sm text-muted-foreground">{m.quality_log_empty()}</p>
        ) : (
          <ol className="grid gap-2">
            {entries.map((e) => {
              const change = changeText(e, timeZone);
              const span = e.from && e.to ? { from: e.from, to: e.to } : null;
              return (
                <li key={e.seq} className="grid gap-1 rounded-lg border p-3 text-sm" data-testid="log-entry" data-action={e.action}>
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <Badge variant={e.action === 'withdraw' || e.flag === 'rejected' ? 'destructive' : 'secondary'}>
                      {actionNames[e.action]()}
                    </Badge>
                    <span className="font-medium">{readingName(e.reading)}</span>
                    <span className="text-muted-foreground tabular-nums">{stationDateTime(e.at, timeZone)}</span>
                    <span className="inline-flex items-center gap-1 text-muted-foreground">
                      {e.by ? (
                        e.by.name
                      ) : (
                        <>
                          <BotIcon className="size-3.5" aria-hidden />
                          {m.quality_log_automatic()}
                        </>
                      )}
                    </span>
                  </div>
                  {(change !== null || span) && (
                    <p>
                      {change}
                      {span && (
                        <span className="text-muted-foreground tabular-nums">
                          {change !== null && ' · '}
                          {span.from === span.to
                            ? stationDateTime(span.from, timeZone)
                            : `${stationDateTime(span.from, timeZone)} – ${stationDateTime(span.to, timeZone)}`}
                        </span>
                      )}
                    </p>
                  )}
                  {e.note && <p className="whitespace-pre-wrap text-muted-foreground">“{e.note}”</p>}
                </li>
              );
            })}
          </ol>
        )}
        {log.hasNextPage && (
          <div>
            <Button variant="outline" size="sm" onClick={() => void log.fetchNextPage()} disabled={log.isFetchingNextPage}>
              {m.quality_log_more()}
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
