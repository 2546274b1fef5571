import { useSuspenseInfiniteQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CheckIcon } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import type { Alarm } from '../../../worker/contracts/alarms';
import { homeZone } from '../../../shared/station-time';
import { FilterSelect } from '~/components/filter-select';
import { PageHeader } from '~/components/page-header';
import { EmptyState } from '~/components/states';
import { Button } from '~/components/ui/button';
import { Skeleton } from '~/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/components/ui/tabs';
import { LiveIndicator } from '~/features/live/live-indicator';
import { useLiveStations } from '~/features/live/use-live-stations';
import { stationDateTime } from '~/lib/format';
import { m } from '~/paraglide/messages';
import { AcknowledgeDialog } from './acknowledge-dialog';
import { matchesFilters, type AlarmFilters, type AlarmView } from './alarm-lists';
import { conditionText, readingName, ruleTitle, severityName, valueText } from './alarm-text';
import { alarmQueries } from './queries';
import { AlarmStatistics } from './alarm-statistics';
import { alarmTabs, defaultStatisticsDays, type AlarmSearch, type AlarmTab } from './search';
import { SeverityBadge } from './severity-badge';
import { useAlarmUpdates } from './use-alarm-updates';

const tabNames: Record<AlarmTab, () => string> = {
  active: m.alarms_view_active,
  acknowledged: m.alarms_view_acknowledged,
  history: m.alarms_view_history,
  statistics: m.alarms_view_statistics,
};
const empties: Record<AlarmView, { title: () => string; body: () => string }> = {
  active: { title: m.alarms_empty_active, body: m.alarms_empty_active_body },
  acknowledged: { title: m.alarms_empty_acknowledged, body: m.alarms_empty_acknowledged_body },
  history: { title: m.alarms_empty_history, body: m.alarms_empty_history_body },
};

type Zones = Map<number, string>;

function When({ instant, timeZone }: { instant: string; timeZone: string }) {
  return (
    <time dateTime={instant} title={timeZone} className="tabular-nums">
      {stationDateTime(instant, timeZone)}
    </time>
  );
}

function Field({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'col-span-full min-w-0' : 'min-w-0'}>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium break-words">{children}</dd>
    </div>
  );
}

/** One alarm: what fired where and when, who acknowledged it and when it cleared. */
function AlarmRow({ alarm, timeZone, onAcknowledge }: { alarm: Alarm; timeZone: string; onAcknowledge?: (alarm: Alarm) => void }) {
  const rule = ruleTitle(alarm.rule_name, alarm);
  const value = valueText(alarm.value, alarm);
  const reading = readingName(alarm.reading);
  return (
    <li data-testid="alarm-row" data-alarm={alarm.id} data-state={alarm.state} className="grid gap-3 p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <SeverityBadge severity={alarm.severity} />
            <h3 className="font-semibold break-words">{rule}</h3>
            {alarm.rule_name && <span className="text-sm text-muted-foreground">{conditionText(alarm)}</span>}
          </div>
          <p className="text-sm break-words">
            <Link
              to="/charts/$id/{-$itemType}"
              params={{ id: alarm.unique_id }}
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              {alarm.station_name}
            </Link>
            <span className="text-muted-foreground"> · {[alarm.unique_id, reading].filter(Boolean).join(' · ')}</span>
          </p>
        </div>
        {onAcknowledge && alarm.state === 'active' && (
          <Button
            size="sm"
            variant="outline"
            onClick={() => onAcknowledge(alarm)}
            aria-label={m.alarms_acknowledge_named({ rule, station: alarm.station_name })}
          >
            <CheckIcon />
            {m.alarms_acknowledge()}
          </Button>
        )}
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
        <Field label={m.alarms_fired_at()}>
          <When instant={alarm.fired_at} timeZone={timeZone} />
        </Field>
        {value !== null && <Field label={m.alarms_value()}>{value}</Field>}
        {alarm.acknowledged_at && (
          <Field label={m.alarms_acknowledged_at()}>
            {alarm.acknowledged_by?.name ?? m.alarms_someone()}, <When instant={alarm.acknowledged_at} timeZone={timeZone} />
          </Field>
        )}
        {alarm.cleared_at && (
          <Field label={m.alarms_cleared_at()}>
            <When instant={alarm.cleared_at} timeZone={timeZone} />
            {alarm.cleared_reason === 'rule_deleted'
              ? ` · ${m.alarms_cleared_rule_deleted()}`
              : alarm.clear_value !== null && ` · ${valueText(alarm.clear_value, alarm)}`}
          </Field>
        )}
        {alarm.note && (
          <Field label={m.alarms_note()} wide>
            <span className="font-normal whitespace-pre-wrap">{alarm.note}</span>
          </Field>
        )}
      </dl>
    </li>
  );
}

function AlarmList({
  alarms,
  zones,
  filtered,
  view,
  onAcknowledge,
}: {
  alarms: Alarm[];
  zones: Zones;
  filtered: boolean;
  view: AlarmView;
  onAcknowledge?: (alarm: Alarm) => void;
}) {
  if (!alarms.length) {
    return <EmptyState title={empties[view].title()}>{filtered ? m.alarms_empty_filtered() : empties[view].body()}</EmptyState>;
  }
  return (
    <ul data-testid="alarm-list" aria-label={tabNames[view]()} className="divide-y rounded-xl border bg-card text-card-foreground">
      {alarms.map((alarm) => (
        <AlarmRow key={alarm.id} alarm={alarm} timeZone={zones.get(alarm.item_id) ?? homeZone} onAcknowledge={onAcknowledge} />
      ))}
    </ul>
  );
}

/** The cleared alarms, a page at a time. */
function History({ filters, zones }: { filters: AlarmFilters; zones: Zones }) {
  const history = useSuspenseInfiniteQuery(alarmQueries.list(filters));
  const alarms = history.data.pages.flatMap((page) => page.alarms);
  const filtered = filters.station !== undefined || filters.severity !== undefined;
  return (
    <div className="grid gap-4">
      <AlarmList alarms={alarms} zones={zones} filtered={filtered} view="history" />
      {history.hasNextPage && (
        <Button
          variant="outline"
          className="justify-self-center"
          onClick={() => void history.fetchNextPage()}
          disabled={history.isFetchingNextPage}
        >
          {history.isFetchingNextPage ? m.action_working() : m.alarms_load_more()}
        </Button>
      )}
    </div>
  );
}

function Filters({
  filters,
  stations,
  onChange,
}: {
  filters: AlarmFilters;
  stations: { id: number; name: string }[];
  onChange: (next: AlarmSearch) => void;
}) {
  return (
    <div className="grid w-full grid-cols-2 gap-3 sm:w-auto sm:grid-cols-[minmax(12rem,18rem)_minmax(9rem,12rem)]">
      <FilterSelect
        id="alarm-station"
        label={m.alarms_filter_station()}
        allLabel={m.alarms_filter_all_stations()}
        value={filters.station}
        options={stations.map((s) => ({ value: s.id, label: s.name }))}
        onChange={(station) => onChange({ station })}
      />
      <FilterSelect
        id="alarm-severity"
        label={m.alarms_filter_severity()}
        allLabel={m.alarms_filter_all_severities()}
        value={filters.severity}
        options={(['critical', 'warning'] as const).map((s) => ({ value: s, label: severityName(s) }))}
        onChange={(severity) => onChange({ severity })}
      />
    </div>
  );
}

/**
 * `/alarms`: the alarms of the stations the subject may see, newest first, as active, acknowledged and history
 * views, filtered by station and severity, and how they were handled over the last days (the statistics tab; all
 * in the address). Changes arrive live; active alarms can be acknowledged with a note.
 */
export function AlarmsPage({
  tab,
  filters,
  days,
  onChange,
}: {
  tab: AlarmTab;
  filters: AlarmFilters;
  days: number;
  onChange: (next: AlarmSearch) => void;
}) {
  const { data: stations } = useSuspenseQuery(alarmQueries.stations());
  const { data: open } = useSuspenseQuery(alarmQueries.open());
  const alarms = useAlarmUpdates();
  // Every station the subject may see, without listing them in the address.
  const live = useLiveStations(stations.length ? 'all' : [], {
    onAlarm: (message) => alarms.apply(message.alarm),
    onResync: alarms.refresh,
  });
  const zones = useMemo(() => new Map(stations.map((s) => [s.id, s.timezone])), [stations]);
  const [acknowledging, setAcknowledging] = useState<Alarm | null>(null);
  const shown = (view: AlarmView) => open.filter((alarm) => matchesFilters(alarm, { ...filters, view }));
  const filtered = filters.station !== undefined || filters.severity !== undefined;
  const counts = { active: shown('active').length, acknowledged: shown('acknowledged').length };
  return (
    <>
      <PageHeader
        title={m.nav_alarms()}
        description={m.alarms_description()}
        actions={stations.length > 0 && <LiveIndicator state={live} align="end" />}
      />
      <Tabs value={tab} onValueChange={(view) => onChange({ view: view === 'active' ? undefined : (view as AlarmSearch['view']) })}>
        <div className="flex flex-wrap items-end justify-between gap-3">
          <TabsList aria-label={m.alarms_views_label()}>
            {alarmTabs.map((view) => (
              <TabsTrigger key={view} value={view}>
                {tabNames[view]()}
                {(view === 'active' || view === 'acknowledged') && counts[view] > 0 && (
                  <span className="rounded-full bg-muted-foreground/15 px-1.5 text-xs tabular-nums" data-testid={`count-${view}`}>
                    {counts[view]}
                  </span>
                )}
              </TabsTrigger>
            ))}
          </TabsList>
          {tab !== 'statistics' && <Filters filters={filters} stations={stations} onChange={onChange} />}
        </div>
        <TabsContent value={tab}>
          {tab === 'statistics' ? (
            <AlarmStatistics days={days} onDays={(d) => onChange({ days: d === defaultStatisticsDays ? undefined : d })} />
          ) : filters.view === 'history' ? (
            <History filters={filters} zones={zones} />
          ) : (
            <AlarmList
              alarms={shown(filters.view)}
              zones={zones}
              filtered={filtered}
              view={filters.view}
              onAcknowledge={setAcknowledging}
            />
          )}
        </TabsContent>
      </Tabs>
      <AcknowledgeDialog alarm={acknowledging} onClose={() => setAcknowledging(null)} />
    </>
  );
}

/** What shows while a client-side navigation loads the alarms. */
export function AlarmsSkeleton() {
  return (
    <>
      <PageHeader title={m.nav_alarms()} description={m.alarms_description()} />
      <div className="grid gap-4" data-testid="alarms-skeleton">
        <Skeleton className="h-9 w-72 max-w-full" />
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-28 w-full" />
        ))}
      </div>
    </>
  );
}
