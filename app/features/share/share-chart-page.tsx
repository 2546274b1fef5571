import { useSuspenseQuery } from '@tanstack/react-query';
import { ArrowLeftIcon } from 'lucide-react';
import { Link } from '@tanstack/react-router';
import type { ShareChart } from '../../../worker/contracts/share-links';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import type { PointBudget } from '~/features/charts/point-budget';
import { presets, type RangeChoice } from '~/features/charts/range';
import { RangePicker } from '~/features/charts/range-picker';
import { ChartCredit, Readings } from '~/features/charts/reading-cards';
import { mergeIntoChart } from '~/features/live/merge';
import { levelLinesByReading } from '~/features/warning/level-lines';
import { m } from '~/paraglide/messages';
import { shareQueries } from './queries';
import { LinkUnavailable, ShareFrame } from './share-frame';
import { useShareLive } from './use-share-live';

/** The presets a rolling window holds (a fixed window's days are chosen, not counted back from today). */
const presetsWithin = ({ days }: ShareChart['item']['window']) => (days ? presets.filter((preset) => preset <= days) : []);

/** `/s/{secret}/charts/{station}`: one of the link's stations, the readings it shows, over days within its window. */
export function ShareChartPage({
  secret,
  station,
  choice,
  points,
  onRangeChange,
}: {
  secret: string;
  station: string;
  choice: RangeChoice;
  points: PointBudget;
  onRangeChange: (choice: RangeChoice) => void;
}) {
  const query = shareQueries.chart(secret, station, choice, points);
  const { data: chart } = useSuspenseQuery(query);
  const { live, gone } = useShareLive(secret, query.queryKey, (data, message) => mergeIntoChart(data, message));
  if (gone) return <LinkUnavailable />;
  const { item, range } = chart;
  const shown = 'from' in choice ? undefined : (choice.days ?? item.window.days ?? undefined);
  return (
    <ShareFrame
      title={item.name}
      scope={[item.location_name, m.charts_time_zone({ zone: item.timezone })].filter(Boolean).join(' · ')}
      live={live}
      actions={
        <Button asChild variant="ghost" size="sm">
          <Link to="/s/$secret" params={{ secret }}>
            <ArrowLeftIcon />
            {m.share_back()}
          </Link>
        </Button>
      }
    >
      <RangePicker days={shown} range={range} onChange={onRangeChange} choices={presetsWithin(item.window)} bounds={item.window} />
      {chart.downsampled && <Alert data-testid="downsampled">{m.charts_downsampled()}</Alert>}
      <Readings chart={chart} thresholds={levelLinesByReading(chart.warning)} />
      <ChartCredit />
    </ShareFrame>
  );
}
