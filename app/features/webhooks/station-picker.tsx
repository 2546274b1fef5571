import { useState } from 'react';
import { Button } from '~/components/ui/button';
import { Checkbox } from '~/components/ui/checkbox';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { m } from '~/paraglide/messages';

interface Station {
  id: number;
  name: string;
  unique_id: string;
}

/** The stations whose names or ids contain the search (case-insensitive). */
export const matchingStations = (stations: Station[], search: string) => {
  const text = search.trim().toLowerCase();
  return text ? stations.filter((s) => s.name.toLowerCase().includes(text) || s.unique_id.toLowerCase().includes(text)) : stations;
};

/** The stations a webhook wants, ticked from a searchable list; none ticked means every station. */
export function StationPicker({ stations, selected, onChange }: { stations: Station[]; selected: number[]; onChange: (ids: number[]) => void }) {
  const [search, setSearch] = useState('');
  const shown = matchingStations(stations, search);
  const ticked = new Set(selected);
  const toggle = (id: number, on: boolean) => onChange(on ? [...selected, id] : selected.filter((s) => s !== id));
  return (
    <fieldset className="grid min-w-0 gap-2">
      <legend className="mb-2 text-sm font-medium">{m.webhooks_stations()}</legend>
      <p className="-mt-1 flex flex-wrap justify-between gap-x-3 text-xs text-muted-foreground">
        <span>{m.webhooks_stations_hint()}</span>
        <span aria-live="polite">{selected.length ? m.admin_link_count({ count: selected.length, total: stations.length }) : m.webhooks_all_stations()}</span>
      </p>
      <div className="flex gap-2">
        <Input type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder={m.admin_table_search()} aria-label={m.webhooks_search_stations()} />
        {selected.length > 0 && (
          <Button type="button" variant="outline" onClick={() => onChange([])}>
            {m.webhooks_every_station()}
          </Button>
        )}
      </div>
      <ul className="grid max-h-64 gap-1 overflow-y-auto rounded-xl border p-2 sm:grid-cols-2">
        {shown.map((s) => (
          <li key={s.id}>
            <Label className="flex min-h-9 cursor-pointer items-center gap-3 rounded-md px-2 py-1.5 font-normal hover:bg-muted/60">
              <Checkbox checked={ticked.has(s.id)} onCheckedChange={(on) => toggle(s.id, on)} />
              <span className="min-w-0 truncate" title={`${s.name} (${s.unique_id})`}>
                {s.name}
              </span>
            </Label>
          </li>
        ))}
        {!shown.length && <li className="px-2 py-1.5 text-sm text-muted-foreground">{m.admin_table_no_matches()}</li>}
      </ul>
    </fieldset>
  );
}
