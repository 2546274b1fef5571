import { Link } from '@tanstack/react-router';
import { BatteryLowIcon, ClockAlertIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Alarm } from '../../../worker/contracts/alarms';
import type { StationFace } from '../../../worker/contracts/items';
import type { LevelStanding } from '../../../worker/contracts/warning';
import { isSummed } from '../../../shared/readings';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '~/components/ui/card';
import { AlarmBadge } from '~/features/alarms/alarm-badge';
import { LevelBadge } from '~/features/warning/level-badge';
import { LevelForecast } from '~/features/warning/level-forecast';
import { m } from '~/paraglide/messages';
import { usePresentation } from './presentation';
import { readingsPresent } from './readings';
import { TotalFigures, VolumeFigures } from './total-figures';
import { lowVoltage, lowVoltageThreshold, usualIntervalMs, type StationReport } from './status';

/** Where a station's charts live; the flag says DANES, as the old product's links did. */
export const chartLink = (item: Pick<StationFace, 'unique_id' | 'name_for_api'>) =>
  ({ to: '/charts/$id/{-$itemType}', params: { id: item.unique_id, itemType: String(item.name_for_api === 'DANES') } }) as const;

interface StationCardProps {
  report: StationReport<StationFace>;
  /** Its open alarms, most pressing first. */
  alarms?: Alarm[];
  /** Its warning levels and where each reading stands: the highest level reached shows. */
  levels?: readonly LevelStanding[];
  /** The way to its charts: the signed-in charts page unless given (null: none, as in an embedded card). */
  detail?: ReactNode;
  /** More actions beside the way to its charts. */
  children?: ReactNode;
}

/** A station's figures over the range, with the way to its charts. */
export function StationCard({ report, alarms, levels, detail, children }: StationCardProps) {
  const { item, summary } = report;
  const show = usePresentation();
  const lowest = lowVoltage(summary);
  const present = readingsPresent(item.name_for_api, Object.keys(summary.max), item.datum);
  // Amounts that add up (rain) are shown by their total and wettest day, the others by their extremes.
  const readings = present.filter((r) => !isSummed(r.code));
  const totals = present.filter((r) => summary.sum?.[r.code] !== undefined);
  const volumes = present.filter((r) => summary.volume?.[r.code] !== undefined);
  return (
    <Card data-testid="station-card" data-station={item.unique_id} className="h-full min-w-0">
      <CardHeader>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <CardTitle className="text-base">{item.name}</CardTitle>
          <div className="flex min-w-0 flex-wrap gap-1">
            <LevelBadge standings={levels} />
            <LevelForecast standings={levels} timeZone={item.timezone} />
            <AlarmBadge alarms={alarms} />
            {report.state === 'stale' && (
              <Badge
                variant="secondary"
                className="gap-1 bg-amber-500/15 text-amber-700 dark:text-amber-300"
                title={m.stations_stale_hint({ minutes: Math.round(usualIntervalMs(summary, report.since) / 60_000) })}
              >
                <ClockAlertIcon className="size-3" aria-hidden />
                {m.stations_stale()}
              </Badge>
            )}
            {lowest !== null && (
              <Badge
                variant="destructive"
                className="gap-1"
                title={m.stations_low_voltage_hint({ value: show.value('POWER')(lowest), threshold: lowVoltageThreshold })}
              >
                <BatteryLowIcon className="size-3" aria-hidden />
                {m.stations_low_voltage()}
              </Badge>
            )}
          </div>
        </div>
        <CardDescription>{[item.unique_id, item.location_name].filter(Boolean).join(' · ')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <dl className="flex flex-wrap gap-x-6 gap-y-2">
          <div>
            <dt className="text-muted-foreground">{m.stations_last_update()}</dt>
            <dd className="font-medium tabular-nums" data-testid="last-update">
              {summary.date ? show.lastUpdate(summary.date, item.timezone) : m.stations_never()}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{m.stations_measurements()}</dt>
            <dd className="font-medium tabular-nums" data-testid="measurements">
              {summary.pocetMereni}
            </dd>
          </div>
          {report.completeness !== null && (
            <div title={m.stations_completeness_hint({ minutes: 'report_minutes' in item ? String(item.report_minutes) : '' })}>
              <dt className="text-muted-foreground">{m.stations_completeness()}</dt>
              <dd
                className={`font-medium tabular-nums ${report.completeness < 0.9 ? 'text-amber-700 dark:text-amber-300' : ''}`}
                data-testid="completeness"
              >
                {Math.floor(report.completeness * 100)} %
              </dd>
            </div>
          )}
        </dl>
        {present.length === 0 && <p className="text-muted-foreground">{m.stations_no_readings()}</p>}
        {readings.length > 0 && (
          <table className="w-full text-left tabular-nums">
            <thead className="text-muted-foreground">
              <tr>
                <th className="py-1 pr-2 font-normal">{m.stations_reading()}</th>
                <th className="py-1 pr-2 text-right font-normal">{m.stations_min()}</th>
                <th className="py-1 text-right font-normal">{m.stations_max()}</th>
              </tr>
            </thead>
            <tbody>
              {readings.map((r) => (
                <tr key={r.code} className="border-t" data-reading={r.code}>
                  <th scope="row" className="py-1 pr-2 font-normal">
                    {r.name} <span className="text-muted-foreground">({r.unit})</span>
                  </th>
                  <td className="py-1 pr-2 text-right" data-testid="min">
                    {show.value(r.code)(summary.min[r.code])}
                  </td>
                  <td className="py-1 text-right" data-testid="max">
                    {show.value(r.code)(summary.max[r.code])}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {totals.map((r) => (
          <p key={r.code} className="tabular-nums" data-total={r.code}>
            {r.name} <span className="text-muted-foreground">({r.unit})</span>:{' '}
            <TotalFigures code={r.code} sum={summary.sum![r.code]} peak={summary.peak_day?.[r.code]} />
          </p>
        ))}
        {volumes.map((r) => (
          <p key={r.code} className="tabular-nums" data-volume={r.code}>
            {r.name} <span className="text-muted-foreground">({r.unit})</span>:{' '}
            <VolumeFigures code={r.code} mean={summary.mean?.[r.code]} volume={summary.volume![r.code]} />
          </p>
        ))}
      </CardContent>
      {detail !== null && (
        <CardFooter className="mt-auto flex-wrap gap-2">
          {detail ?? (
            <Button asChild size="sm">
              <Link {...chartLink(item)}>{m.stations_view_detail()}</Link>
            </Button>
          )}
          {children}
        </CardFooter>
      )}
    </Card>
  );
}
