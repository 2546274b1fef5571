import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { statisticsRanges } from '../../../worker/contracts/alarm-kinds';
import type { ForecastStatistics, LevelStatistics, RuleStatistics } from '../../../worker/contracts/alarm-statistics';
import { EmptyState, ErrorState } from '~/components/states';
import { Skeleton } from '~/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table';
import { ToggleGroup, ToggleGroupItem } from '~/components/ui/toggle-group';
import { levelName } from '~/features/warning/level-text';
import { durationText, formatWhole } from '~/lib/format';
import { m } from '~/paraglide/messages';
import { readingName, ruleTitle } from './alarm-text';
import { alarmQueries } from './queries';

type Handling = Pick<
  RuleStatistics,
  'events' | 'acknowledged' | 'ack_median_seconds' | 'ack_worst_seconds' | 'escalations' | 'highest_step' | 'false_alarms'
>;

/** A time to acknowledge: seconds under a minute, else "3 h 20 min"; a dash when nothing was acknowledged. */
const ackTime = (seconds: number | null) =>
  seconds === null ? '—' : seconds < 60 ? m.alarms_statistics_seconds({ seconds }) : durationText(seconds * 1000);

/** The columns every row shares, after the ones that say what it is about. */
function HandlingCells({ row }: { row: Handling }) {
  return (
    <>
      <TableCell className="text-right tabular-nums">{formatWhole(row.events)}</TableCell>
      <TableCell className="text-right tabular-nums">{formatWhole(row.acknowledged)}</TableCell>
      <TableCell className="text-right whitespace-nowrap tabular-nums">{ackTime(row.ack_median_seconds)}</TableCell>
      <TableCell className="text-right whitespace-nowrap tabular-nums">{ackTime(row.ack_worst_seconds)}</TableCell>
      <TableCell className="text-right whitespace-nowrap tabular-nums">
        {formatWhole(row.escalations)}
        {row.highest_step !== null && (
          <span className="text-muted-foreground"> · {m.alarms_statistics_step({ step: row.highest_step })}</span>
        )}
      </TableCell>
      <TableCell className="text-right tabular-nums">{formatWhole(row.false_alarms)}</TableCell>
    </>
  );
}

const handlingHeads = () => [
  m.alarms_statistics_events(),
  m.alarms_statistics_acknowledged(),
  m.alarms_statistics_median(),
  m.alarms_statistics_worst(),
  m.alarms_statistics_escalations(),
  m.alarms_statistics_false_alarms(),
];

/** One table of the statistics: the columns naming each row, then its figures (by default how its events were handled). */
function StatisticsTable({
  label,
  hint,
  heads,
  counts = handlingHeads(),
  children,
}: {
  label: string;
  hint?: string;
  heads: string[];
  counts?: string[];
  children: ReactNode;
}) {
  return (
    <section className="flex min-w-0 flex-col gap-2">
      <h2 className="font-semibold">{label}</h2>
      {hint && <p className="max-w-prose text-sm text-muted-foreground">{hint}</p>}
      <div className="rounded-xl border bg-card">
        <Table aria-label={label}>
          <TableHeader>
            <TableRow>
              {heads.map((head) => (
                <TableHead key={head}>{head}</TableHead>
              ))}
              {counts.map((head) => (
                <TableHead key={head} className="text-right">
                  {head}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>{children}</TableBody>
        </Table>
      </div>
    </section>
  );
}

function Station({ name, uniqueId }: { name: string; uniqueId: string }) {
  return (
    <TableCell>
      <div className="font-medium">{name}</div>
      <div className="text-xs text-muted-foreground">{uniqueId}</div>
    </TableCell>
  );
}

function RuleRows({ rules }: { rules: RuleStatistics[] }) {
  return rules.map((rule) => (
    <TableRow key={rule.rule_id} data-testid="statistics-rule" data-rule={rule.rule_id}>
      <Station name={rule.station_name} uniqueId={rule.unique_id} />
      <TableCell>
        <div className="font-medium">{ruleTitle(rule.rule_name, rule)}</div>
        {rule.reading && <div className="text-xs text-muted-foreground">{readingName(rule.reading)}</div>}
      </TableCell>
      <HandlingCells row={rule} />
    </TableRow>
  ));
}

function LevelRows({ levels }: { levels: LevelStatistics[] }) {
  return levels.map((level) => (
    <TableRow key={`${level.item_id}:${level.reading}:${level.level}`} data-testid="statistics-level">
      <Station name={level.station_name} uniqueId={level.unique_id} />
      <TableCell>
        <div className="font-medium">{levelName({ rank: level.level, name: level.level_name })}</div>
        <div className="text-xs text-muted-foreground">{readingName(level.reading)}</div>
      </TableCell>
      <HandlingCells row={level} />
    </TableRow>
  ));
}

/** A median delay in words ("2 h 30 min"), a dash without one. */
const delay = (seconds: number | null) => (seconds === null ? '—' : durationText(Math.abs(seconds) * 1000));

/** How far the crossing was from the expected time: "30 min late", "10 min early", a dash without hits. */
function offBy(seconds: number | null) {
  if (seconds === null || seconds === 0) return delay(seconds);
  const time = delay(seconds);
  return seconds > 0 ? m.alarms_statistics_late({ time }) : m.alarms_statistics_early({ time });
}

const forecastHeads = () => [
  m.alarms_statistics_issued(),
  m.alarms_statistics_hits(),
  m.alarms_statistics_false_alarms(),
  m.alarms_statistics_pending(),
  m.alarms_statistics_warned(),
  m.alarms_statistics_warning(),
  m.alarms_statistics_error(),
];

function ForecastRows({ forecasts }: { forecasts: ForecastStatistics[] }) {
  return forecasts.map((row) => (
    <TableRow key={`${row.item_id}:${row.reading}:${row.level}`} data-testid="statistics-forecast">
      <Station name={row.station_name} uniqueId={row.unique_id} />
      <TableCell>
        <div className="font-medium">{levelName({ rank: row.level, name: row.level_name })}</div>
        <div className="text-xs text-muted-foreground">{readingName(row.reading)}</div>
      </TableCell>
      <TableCell className="text-right tabular-nums">{formatWhole(row.forecasts)}</TableCell>
      <TableCell className="text-right tabular-nums">{formatWhole(row.hits)}</TableCell>
      <TableCell className="text-right tabular-nums">{formatWhole(row.false_alarms)}</TableCell>
      <TableCell className="text-right tabular-nums">{formatWhole(row.pending)}</TableCell>
      <TableCell className="text-right whitespace-nowrap tabular-nums">
        {formatWhole(row.warned)} / {formatWhole(row.crossings)}
      </TableCell>
      <TableCell className="text-right whitespace-nowrap tabular-nums">{delay(row.warning_median_seconds)}</TableCell>
      <TableCell className="text-right whitespace-nowrap tabular-nums">{offBy(row.error_median_seconds)}</TableCell>
    </TableRow>
  ));
}

/**
 * The Statistics tab of `/alarms`: per alarm rule and per warning level of the stations the subject may see, how
 * many events there were over the last 7, 30 or 90 days and how they were handled. It loads when the tab opens (the
 * lists' loader does not wait for it); a range change keeps the previous tables until the next arrive.
 */
export function AlarmStatistics({ days, onDays }: { days: number; onDays: (days: number) => void }) {
  const statistics = useQuery({ ...alarmQueries.statistics(days), placeholderData: keepPreviousData });
  let body: ReactNode;
  if (statistics.isPending) {
    body = (
      <div className="grid gap-3" data-testid="statistics-loading">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-12 w-full" />
        ))}
      </div>
    );
  } else if (statistics.isError) {
    body = <ErrorState error={statistics.error} onRetry={() => void statistics.refetch()} />;
  } else if (!statistics.data.rules.length && !statistics.data.levels.length && !statistics.data.forecasts.length) {
    body = <EmptyState title={m.alarms_statistics_empty()}>{m.alarms_statistics_empty_body()}</EmptyState>;
  } else {
    const { rules, levels, forecasts } = statistics.data;
    body = (
      <div
        className={statistics.isPlaceholderData ? 'flex flex-col gap-6 opacity-60' : 'flex flex-col gap-6'}
        aria-busy={statistics.isPlaceholderData}
      >
        {rules.length > 0 && (
          <StatisticsTable label={m.alarms_statistics_rules()} heads={[m.alarms_filter_station(), m.alarms_statistics_rule()]}>
            <RuleRows rules={rules} />
          </StatisticsTable>
        )}
        {levels.length > 0 && (
          <StatisticsTable label={m.alarms_statistics_levels()} heads={[m.alarms_filter_station(), m.alarms_statistics_level()]}>
            <LevelRows levels={levels} />
          </StatisticsTable>
        )}
        {forecasts.length > 0 && (
          <StatisticsTable
            label={m.alarms_statistics_forecasts()}
            hint={m.alarms_statistics_forecasts_hint()}
            heads={[m.alarms_filter_station(), m.alarms_statistics_level()]}
            counts={forecastHeads()}
          >
            <ForecastRows forecasts={forecasts} />
          </StatisticsTable>
        )}
      </div>
    );
  }
  return (
    <div className="flex min-w-0 flex-col gap-4" data-testid="alarm-statistics">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="max-w-prose text-sm text-muted-foreground">{m.alarms_statistics_description()}</p>
        <ToggleGroup
          type="single"
          aria-label={m.alarms_statistics_range()}
          value={String(days)}
          onValueChange={(value) => value && onDays(Number(value))}
        >
          {statisticsRanges.map((d) => (
            <ToggleGroupItem key={d} value={String(d)} aria-label={m.charts_preset_label({ days: d })}>
              {m.charts_preset({ days: d })}
            </ToggleGroupItem>
          ))}
        </ToggleGroup>
      </div>
      {body}
    </div>
  );
}
