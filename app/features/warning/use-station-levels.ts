import { useSuspenseQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { LevelStanding } from '../../../worker/contracts/warning';
import { warningQueries } from './queries';

/** Every station's warning levels and where each reading stands, by station (unique_id); read again every `refetchMs` if given. */
export function useStationLevels(refetchMs?: number): ReadonlyMap<string, LevelStanding[]> {
  const { data } = useSuspenseQuery({ ...warningQueries.scales(), refetchInterval: refetchMs });
  return useMemo(() => {
    const byStation = new Map<string, LevelStanding[]>();
    for (const scale of data) {
      const list = byStation.get(scale.unique_id) ?? [];
      list.push(scale);
      byStation.set(scale.unique_id, list);
    }
    return byStation;
  }, [data]);
}
