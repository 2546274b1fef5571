import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowLeftIcon, DownloadIcon, RulerIcon, ShieldCheckIcon, SirenIcon, WavesIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { addDays, defaultRangeDays, type DayRange } from '../../../shared/station-time';
import { maxExportDays } from '../../../worker/contracts/telemetry';
import { PageHeader } from '~/components/page-header';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Label } from '~/components/ui/label';
import { Skeleton } from '~/components/ui/skeleton';
import { Switch } from '~/components/ui/switch';
import { ToggleGroup, ToggleGroupItem } from '~/components/ui/toggle-group';
import { StationAlarms, useThresholds } from '~/features/alarms/station-alarms';
import { useMeasurementPoints } from '~/features/levels/measurement-points';
import { LiveIndicator } from '~/features/live/live-indicator';
import { mergeIntoChart } from '~/features/live/merge';
import { useLiveQuery } from '~/features/live/use-live-query';
import { qualityQueries } from '~/features/quality/queries';
import { levelLinesByReading, withLevelLines } from '~/features/warning/level-lines';
import { warningQueries } from '~/features/warning/queries';
import { useStationLevels } from '~/features/warning/use-station-levels';
import { toast } from '~/lib/toast';
import { m } from '~/paraglide/messages';
import type { PointBudget } from './point-budget';
import { chartQuery } from './queries';
import type { RangeChoice } from './range';
import { RangePicker } from './range-picker';
import { ChartCredit, Readings } from './reading-cards';

const exportable = (range: DayRange) => addDays(range.from, maxExportDays - 1) >= range.to;

/** A station's readings over a range: presets or custom days, one chart per reading, CSV of the raw readings. */
export function ChartPage({
  id,
  choice,
  points,
  onRangeChange,
}: {
  id: string;
  choice: RangeChoice;
  points: PointBudget;
  onRangeChange: (choice: RangeChoice) => void;
}) {
  const [raw, setRaw] = useState(false);
  const query = chartQuery(id, choice, points, raw);
  // With Raw chosen, the corrected series (already read for the default view) is drawn beside it for comparison.
  const corrected = useQuery({ ...chartQuery(id, choice, points), enabled: raw });
  const { data: chart } = useSuspenseQuery(query);
  const { item, range } = chart;
  const live = useLiveQuery([id], query.queryKey, mergeIntoChart);
  const rules = useThresholds(item.unique_id);
  const standings = useStationLevels().get(item.unique_id);
  const thresholds = useMemo(() => withLevelLines(rules, levelLinesByReading(standings)), [rules, standings]);
  const windows = useQuery(warningQueries.station(item.id)).data?.windows;
  const maintenance = useMemo(() => windows?.map((w) => ({ from: Date.parse(w.starts_at), to: Date.parse(w.ends_at) })), [windows]);
  // What the subject may do with the station's quality (the route's loader brings it; an edit elsewhere refreshes it).
  const quality = useQuery(qualityQueries.state(item.id));
  const mayEdit = quality.data?.may_edit ?? false;
  const measurements = useMeasurementPoints(item.id, Object.keys(chart.data));
  const [hideRejected, setHideRejected] = useState(false);
  const empty = Object.keys(chart.data).length + Object.keys(chart.totals).length === 0;
  const anyFlag = Object.keys(chart.flags ?? {}).length > 0;
  // The raw readings (and the CSV code with its date library) load only when someone asks for a file.
  const exportCsv = (corrected = false) => {
    if (!exportable(range)) return toast.warning(m.charts_export_too_long({ days: maxExportDays }));
    import('./export')
      .then(({ exportCsv }) => exportCsv(chart, { withoutRejected: hideRejected, corrected }))
      .catch(() => toast.error(m.charts_export_failed()));
  };
  return (
    <>
      <PageHeader
        title={item.name}
        description={[item.unique_id, item.location_name, m.charts_time_zone({ zone: item.timezone })].filter(Boolean).join(' · ')}
        actions={
          <div className="flex flex-wrap items-center gap-2">
            <LiveIndicator state={live} />
            <Button asChild variant="ghost" size="sm">
              <Link to="/dashboard">
                <ArrowLeftIcon />
                {m.charts_back()}
              </Link>
            </Button>
            <Button asChild variant="outline" size="sm">
              <Link to="/warning/$id" params={{ id: item.id }}>
                <SirenIcon />
                {m.warning_tab()}
              </Link>
            </Button>
            {mayEdit && (
              <Button asChild variant="outline" size="sm">
                <Link to="/quality/$id" params={{ id: item.id }}>
                  <ShieldCheckIcon />
                  {m.quality_tab()}
                </Link>
              </Button>
            )}
            {mayEdit && (
              <Button asChild variant="outline" size="sm">
                <Link to="/levels/$id" params={{ id: item.id }}>
                  <RulerIcon />
                  {m.levels_tab()}
                </Link>
              </Button>
            )}
            {mayEdit && (
              <Button asChild variant="outline" size="sm">
                <Link to="/ratings/$id" params={{ id: item.id }}>
                  <WavesIcon />
                  {m.ratings_tab()}
                </Link>
              </Button>
            )}
            <Button size="sm" onClick={() => exportCsv()} disabled={empty}>
              <DownloadIcon />
              {m.charts_export()}
            </Button>
            <Button size="sm" variant="outline" onClick={() => exportCsv(true)} disabled={empty} data-testid="export-corrected">
              <DownloadIcon />
              {m.charts_export_corrected()}
            </Button>
          </div>
        }
      />
      <div className="grid gap-4">
        <RangePicker days={'from' in choice ? undefined : (choice.days ?? defaultRangeDays)} range={range} onChange={onRangeChange} />
        <StationAlarms item={item} />
        {chart.downsampled && <Alert data-testid="downsampled">{m.charts_downsampled()}</Alert>}
        <QualityBar hideRejected={hideRejected} onHideRejected={setHideRejected} flagged={anyFlag} raw={raw} onRaw={setRaw} />
        <Readings
          chart={chart}
          thresholds={thresholds}
          maintenance={maintenance}
          quality={{ itemId: item.id, hideRejected, mayEdit, measurements, beside: raw ? corrected.data?.data : undefined }}
        />
        <ChartCredit />
      </div>
    </>
  );
}

/**
 * The chart page's quality line: what the marks mean (suspect, rejected; each card names its approval levels), and a switch that leaves rejected
 * readings out of the charts' marks and the CSV export.
 */
function QualityBar({
  hideRejected,
  onHideRejected,
  flagged,
  raw,
  onRaw,
}: {
  hideRejected: boolean;
  onHideRejected: (on: boolean) => void;
  flagged: boolean;
  raw: boolean;
  onRaw: (raw: boolean) => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-muted-foreground" data-testid="quality-bar">
      <ToggleGroup
        type="single"
        aria-label={m.levels_series()}
        value={raw ? 'raw' : 'corrected'}
        onValueChange={(value) => value && onRaw(value === 'raw')}
        data-testid="series-toggle"
      >
        <ToggleGroupItem value="corrected">{m.levels_series_corrected()}</ToggleGroupItem>
        <ToggleGroupItem value="raw">{m.levels_series_raw()}</ToggleGroupItem>
      </ToggleGroup>
      <span className="inline-flex items-center gap-1.5">
        <span aria-hidden className="inline-block size-2.5 rounded-full bg-violet-600 dark:bg-violet-400" />
        {m.levels_series_legend()}
      </span>
      {raw && (
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden className="inline-block h-0 w-4 border-t-2 border-dashed border-violet-600 dark:border-violet-400" />
          {m.levels_series_corrected()}
        </span>
      )}
      <span className="inline-flex items-center gap-1.5">
        <span aria-hidden className="inline-block size-2.5 rounded-full bg-amber-500" />
        {m.quality_flag_suspect()}
      </span>
      <span className="inline-flex items-center gap-1.5">
        <span aria-hidden className="inline-block size-2.5 bg-red-600 dark:bg-red-400" />
        {m.quality_flag_rejected()}
      </span>
      <div className="flex items-center gap-2">
        <Switch id="hide-rejected" checked={hideRejected} onCheckedChange={onHideRejected} disabled={!flagged && !hideRejected} />
        <Label htmlFor="hide-rejected" className="font-normal">
          {m.quality_hide_rejected()}
        </Label>
      </div>
    </div>
  );
}

/** What shows while a client-side navigation loads a station's charts. */
export function ChartSkeleton() {
  return (
    <div className="grid gap-4">
      <Skeleton className="h-9 w-64 max-w-full" />
      <Skeleton className="h-10 w-full max-w-xl" />
      <div className="grid gap-4 lg:grid-cols-2" data-testid="charts-skeleton">
        {[0, 1].map((i) => (
          <Skeleton key={i} className="h-80 w-full" />
        ))}
      </div>
    </div>
  );
}
