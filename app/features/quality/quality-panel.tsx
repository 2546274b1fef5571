import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { BotIcon, CheckCheckIcon, RotateCcwIcon, UndoIcon } from 'lucide-react';
import { useState } from 'react';
import type { CodeChecks, LogEntry, QualityFlag, QualityState } from '../../../worker/contracts/quality';
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

/** The last approved day of a reading ("approved up to" is the midnight after it), or null. */
const approvedDay = (until: string | null, timeZone: string) => (until ? formatDay(localDay(Date.parse(until) - 1, timeZone)) : null);

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
  return (
    <Card className="min-w-0" data-testid="approvals">
      <CardHeader>
        <CardTitle className="text-base">{m.quality_approval_title()}</CardTitle>
        <CardDescription>{m.quality_approval_hint()}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <table className="w-full text-left text-sm">
          <thead className="text-muted-foreground">
            <tr>
              <th className="py-1 pr-2 font-normal">{m.stations_reading()}</th>
              <th className="py-1 font-normal">{m.quality_approved_up_to()}</th>
            </tr>
          </thead>
          <tbody>
            {state.approvals.map((a) => (
              <tr key={a.reading} className="border-t" data-reading={a.reading}>
                <th scope="row" className="py-1 pr-2 font-normal">
                  {readingName(a.reading)}
                </th>
                <td className="py-1 tabular-nums" data-testid="approved-until">
                  {approvedDay(a.approved_until, timezone) ?? <span className="text-muted-foreground">{m.quality_not_approved()}</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {state.may_approve && (
          <div className="grid gap-4 sm:grid-cols-2">
            <ApprovalForm state={state} action="approve" />
            <ApprovalForm state={state} action="withdraw" />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** Approves up to a day (note optional) or withdraws from a day on, or entirely (note required). */
function ApprovalForm({ state, action }: { state: QualityState; action: 'approve' | 'withdraw' }) {
  const [reading, setReading] = useState(allReadings);
  const approve = action === 'approve';
  const prefix = `${action}-`;
  const { errors, form, pending } = useContractForm({
    call: () => qualityCalls().then((c) => (approve ? c.approve : c.withdraw)),
    query: { id: state.item_id },
    read: (data) => {
      const day = String(data.get(`${prefix}day`) ?? '');
      return {
        reading: reading === allReadings ? null : reading,
        ...(approve ? { to: day } : { from: day || null }),
        note: String(data.get(`${prefix}note`) ?? '') || (approve ? null : ''),
      };
    },
    toasts: { success: approve ? m.quality_approved_toast : m.quality_withdrawn_toast, failure: 'errors' },
    invalidates: 'quality',
  });
  // The contract names fields without the form's prefix; each form shows its own.
  const own = Object.fromEntries(
    Object.entries(errors).map(([k, v]) => [
      ['reading', 'to', 'from', 'note'].includes(k) ? `${prefix}${k === 'from' || k === 'to' ? 'day' : k}` : k,
      v,
    ]),
  );
  return (
    <form method="post" noValidate {...form} className="grid content-start gap-3 rounded-lg border p-3" data-testid={`${action}-form`}>
      <p className="text-sm font-medium">{approve ? m.quality_approve() : m.quality_withdraw()}</p>
      <FormErrors errors={own} fields={[`${prefix}reading`, `${prefix}day`, `${prefix}note`]} />
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
      <TextField
        name={`${prefix}day`}
        type="date"
        label={approve ? m.quality_approve_to() : m.quality_withdraw_from()}
        hint={approve ? undefined : m.quality_withdraw_from_hint()}
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
    const day = approvedDay(entry.to, timeZone);
    return day ? m.quality_log_up_to({ day }) : m.quality_not_approved();
  }
  const to = flagNames[entry.flag as QualityFlag]();
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
            {entries.map((e) => (
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
                <p>
                  {changeText(e, timeZone)}
                  {e.from && e.to && (
                    <span className="text-muted-foreground tabular-nums">
                      {' · '}
                      {e.from === e.to
                        ? stationDateTime(e.from, timeZone)
                        : `${stationDateTime(e.from, timeZone)} – ${stationDateTime(e.to, timeZone)}`}
                    </span>
                  )}
                </p>
                {e.note && <p className="whitespace-pre-wrap text-muted-foreground">“{e.note}”</p>}
              </li>
            ))}
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
