import { formatDay, formatWhole } from '~/lib/format';
import { m } from '~/paraglide/messages';
import { usePresentation } from './presentation';

/** A summed reading's total over the range and its wettest day, as cards and charts show them. */
export function TotalFigures({ code, sum, peak }: { code: string; sum: number | null; peak?: { day: string; sum: number | null } | null }) {
  const format = usePresentation().value(code);
  // Null is a total that overflowed a double (beyond ±1.8e308).
  const formatTotal = (value: number | null) => (value === null ? '∞' : format(value));
  return (
    <span className="text-muted-foreground">
      {m.totals_sum()}{' '}
      <span className="font-medium text-foreground" data-testid="total">
        {formatTotal(sum)}
      </span>
      {peak && (
        <>
          {' · '}
          {m.totals_wettest_day({ day: formatDay(peak.day) })}{' '}
          <span className="font-medium text-foreground" data-testid="wettest-day">
            {formatTotal(peak.sum)}
          </span>
        </>
      )}
    </span>
  );
}

/** Discharge over the range: its mean and the volume that flowed in m³ (docs/ratings.md). */
export function VolumeFigures({ code, mean, volume }: { code: string; mean: number | undefined; volume: number | null }) {
  const format = usePresentation().value(code);
  return (
    <span className="text-muted-foreground">
      {mean !== undefined && (
        <>
          {m.totals_mean()}{' '}
          <span className="font-medium text-foreground" data-testid="mean">
            {format(mean)}
          </span>
          {' · '}
        </>
      )}
      {m.totals_volume()}{' '}
      <span className="font-medium text-foreground" data-testid="volume">
        {volume === null ? '∞' : formatWhole(volume)} m³
      </span>
    </span>
  );
}
