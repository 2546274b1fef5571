import { useSuspenseQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { openByStation, worstByStation } from './alarm-lists';
import { alarmQueries } from './queries';

/** The open alarms per station (for cards and charts) and each station's worst severity (for the map). */
export function useOpenAlarms() {
  const { data } = useSuspenseQuery(alarmQueries.open());
  return useMemo(() => {
    const byStation = openByStation(data);
    return { byStation, worst: worstByStation(byStation) };
  }, [data]);
}
