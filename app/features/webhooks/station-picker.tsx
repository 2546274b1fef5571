import { useState } from 'react';
import { TickList } from '~/components/tick-list';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { fold } from '~/lib/fold';
import { m } from '~/paraglide/messages';

interface Station {
  id: number;
  name: string;
  unique_id: string;
}

/** The stations whose names or ids contain the search, ignoring case and accents. */
export const matchingStations = (stations: Station[], search: string) => {
  const text = fold(search.trim());
  return text ? stations.filter((s) => fold(s.name).includes(text) || fold(s.unique_id).includes(text)) : stations;
};

/** The stations a webhook wants, ticked from a searchable list; none ticked means every station. */
export function StationPicker({
  stations,
  selected,
  onChange,
}: {
  stations: Station[];
  selected: number[];
  onChange: (ids: number[]) => void;
}) {
  const [search, setSearch] = useState('');
  const shown = matchingStations(stations, search);
  const ticked = new Set(selected);
  const toggle = (id: number, on: boolean) => onChange(on ? [...selected, id] : selected.filter((s) => s !== id));
  return (
    <fieldset className="grid min-w-0 gap-2">
      <legend className="mb-2 text-sm font-medium">{m.webhooks_stations()}</legend>
      <p className="-mt-1 flex flex-wrap justify-between gap-x-3 text-xs text-muted-foreground">
        <span>{m.webhooks_stations_hint()}</span>
        <span aria-live="polite">
          {selected.length ? m.admin_link_count({ count: selected.length, total: stations.length }) : m.webhooks_all_stations()}
        </span>
      </p>
      <div className="flex gap-2">
        <Input
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder={m.admin_table_search()}
          aria-label={m.webhooks_search_stations()}
        />
        {selected.length > 0 && (
          <Button type="button" variant="outline" onClick={() => onChange([])}>
            {m.webhooks_every_station()}
          </Button>
        )}
      </div>
      <TickList
        className="max-h-64"
        options={shown.map((s) => ({ id: s.id, name: s.name, title: `${s.name} (${s.unique_id})` }))}
        ticked={ticked}
        onToggle={toggle}
        empty={m.admin_table_no_matches()}
      />
    </fieldset>
  );
}
