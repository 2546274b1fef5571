import { useState, type FormEvent } from 'react';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { ToggleGroup, ToggleGroupItem } from '~/components/ui/toggle-group';
import type { DayRange } from '../../../shared/station-time';
import { m } from '~/paraglide/messages';
import { presets, type Preset, type RangeChoice } from './range';

interface RangePickerProps {
  /** The preset shown, if any. */
  days: number | undefined;
  range: DayRange;
  onChange: (choice: RangeChoice) => void;
  /** The presets offered (all unless given) and the days the inputs may choose from (a share link's window). */
  choices?: readonly Preset[];
  bounds?: DayRange;
}

/** Presets as toggle buttons and a custom from–to pair of date inputs. */
export function RangePicker({ days, range, onChange, choices = presets, bounds }: RangePickerProps) {
  const [custom, setCustom] = useState(range);
  const [prevRange, setPrevRange] = useState(range);
  // A preset changes the shown range; the inputs follow it.
  if (prevRange.from !== range.from || prevRange.to !== range.to) {
    setPrevRange(range);
    setCustom(range);
  }
  const invalid = custom.from > custom.to;
  const outside = !!bounds && (custom.from < bounds.from || custom.to > bounds.to);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Only the days: the range shown may be a chart's answered range, whose instants belong in no address.
    if (!invalid && !outside && custom.from && custom.to) onChange({ from: custom.from, to: custom.to });
  };
  return (
    <div className="flex flex-wrap items-end gap-3">
      {choices.length > 0 && (
        <ToggleGroup
          type="single"
          aria-label={m.charts_range()}
          value={days ? String(days) : ''}
          onValueChange={(value) => value && onChange({ days: Number(value) as Preset })}
        >
          {choices.map((d) => (
            <ToggleGroupItem key={d} value={String(d)} aria-label={m.charts_preset_label({ days: d })}>
              {m.charts_preset({ days: d })}
            </ToggleGroupItem>
          ))}
        </ToggleGroup>
      )}
      {/* On a phone the two dates share the row and Show gets its own, so nothing runs off the screen. */}
      <form onSubmit={submit} className="grid w-full grid-cols-2 items-end gap-2 sm:flex sm:w-auto sm:flex-wrap">
        <div className="grid min-w-0 gap-1.5">
          <Label htmlFor="range-from">{m.charts_from()}</Label>
          <Input
            id="range-from"
            type="date"
            className="max-sm:px-2 sm:w-40"
            value={custom.from}
            min={bounds?.from}
            max={custom.to}
            aria-invalid={invalid}
            onChange={(e) => setCustom({ ...custom, from: e.target.value })}
          />
        </div>
        <div className="grid min-w-0 gap-1.5">
          <Label htmlFor="range-to">{m.charts_to()}</Label>
          <Input
            id="range-to"
            type="date"
            className="max-sm:px-2 sm:w-40"
            value={custom.to}
            min={custom.from}
            max={bounds?.to}
            aria-invalid={invalid}
            onChange={(e) => setCustom({ ...custom, to: e.target.value })}
          />
        </div>
        <Button type="submit" variant="outline" className="col-span-2 sm:col-auto" disabled={invalid || outside}>
          {m.charts_show()}
        </Button>
        {(invalid || outside) && (
          <p role="alert" className="col-span-2 basis-full text-sm text-destructive">
            {invalid ? m.charts_bad_range() : m.share_outside_window({ from: bounds!.from, to: bounds!.to })}
          </p>
        )}
      </form>
    </div>
  );
}
