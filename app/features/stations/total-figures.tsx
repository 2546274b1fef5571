import type { DayTotal } from '../../../worker/contracts/telemetry';
import { formatDay } from '~/lib/format';
import { m } from '~/paraglide/messages';
import { formatValue } from './readings';

/** A summed reading's total over the range and its wettest day, as cards and charts show them. */
export function TotalFigures({ sum, peak }: { sum: number; peak?: DayTotal | null }) {
  return (
    <span className="text-muted-foreground">
      {m.totals_sum()}{' '}
      <span className="font-medium text-foreground" data-testid="total">
        {formatValue(sum)}
      </span>
      {peak && (
        <>
          {' · '}
          {m.totals_wettest_day({ day: formatDay(peak.day) })}{' '}
          <span className="font-medium text-foreground" data-testid="wettest-day">
            {formatValue(peak.sum)}
          </span>
        </>
      )}
    </span>
  );
}
