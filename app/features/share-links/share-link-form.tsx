import { useState } from 'react';
import type { SavedShareLink, ShareableStation, ShareLink } from '../../../worker/contracts/share-links';
import { dayBounds, homeZone, localDay } from '../../../shared/station-time';
import { FormErrors, TextField } from '~/components/form';
import { SaveButton } from '~/components/save-button';
import { TextAreaField } from '~/components/text-area-field';
import { TickList } from '~/components/tick-list';
import { Checkbox } from '~/components/ui/checkbox';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { Switch } from '~/components/ui/switch';
import { ToggleGroup, ToggleGroupItem } from '~/components/ui/toggle-group';
import { readingByCode } from '~/features/stations/readings';
import { matchingStations } from '~/features/webhooks/station-picker';
import { useContractForm } from '~/lib/use-contract-form';
import { m } from '~/paraglide/messages';

const fieldNames = ['title', 'stations', 'window_days', 'window_from', 'window_to', 'frame_origins', 'expires_at', 'exact_location'];

type Chosen = { id: number; readings: string[] }[];

/** The link's expiry as a day: it works until the end of that day in the home zone. */
const expiryDay = (iso: string | null) => (iso ? localDay(Date.parse(iso) - 1, homeZone) : '');
const expiryInstant = (day: string) => new Date(dayBounds(day, homeZone).end).toISOString();

/** Which stations a link shows and, per station, which of its readings. */
function StationsField({
  stations,
  chosen,
  onChange,
  errors,
}: {
  stations: ShareableStation[];
  chosen: Chosen;
  onChange: (next: Chosen) => void;
  errors?: string[];
}) {
  const [search, setSearch] = useState('');
  const byId = new Map(stations.map((s) => [s.id, s]));
  const toggle = (id: number, on: boolean) =>
    onChange(on ? [...chosen, { id, readings: byId.get(id)?.readings ?? [] }] : chosen.filter((c) => c.id !== id));
  const toggleReading = (id: number, code: string, on: boolean) =>
    onChange(
      chosen.map((c) =>
        c.id !== id
          ? c
          : {
              ...c,
              readings: on
                ? byId.get(id)!.readings.filter((r) => r === code || c.readings.includes(r))
                : c.readings.filter((r) => r !== code),
            },
      ),
    );
  return (
    <fieldset className="grid min-w-0 gap-2" aria-describedby={errors ? 'stations-error' : undefined}>
      <legend className="mb-2 text-sm font-medium">{m.share_links_stations()}</legend>
      <p className="-mt-1 text-xs text-muted-foreground">{m.share_links_stations_hint()}</p>
      <Input
        type="search"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        placeholder={m.admin_table_search()}
        aria-label={m.webhooks_search_stations()}
      />
      <TickList
        className="max-h-56"
        options={matchingStations(stations, search).map((s) => ({ id: s.id, name: s.name, title: `${s.name} (${s.unique_id})` }))}
        ticked={new Set(chosen.map((c) => c.id))}
        onToggle={toggle}
        empty={m.admin_table_no_matches()}
      />
      {chosen.map(({ id, readings }) => {
        const station = byId.get(id);
        if (!station) return null;
        return (
          <div key={id} className="grid gap-2 rounded-xl border p-3" data-station={station.unique_id}>
            <p className="text-sm font-medium">
              {station.name} <span className="font-normal text-muted-foreground">{station.unique_id}</span>
            </p>
            <div className="flex flex-wrap gap-x-5 gap-y-2" role="group" aria-label={m.share_links_readings_of({ name: station.name })}>
              {station.readings.map((code) => {
                const reading = readingByCode(code);
                return (
                  <Label key={code} className="flex cursor-pointer items-center gap-2 font-normal">
                    <Checkbox checked={readings.includes(code)} onCheckedChange={(on) => toggleReading(id, code, on)} />
                    {reading ? `${reading.name} (${reading.unit})` : code}
                  </Label>
                );
              })}
            </div>
          </div>
        );
      })}
      {errors && (
        <p id="stations-error" className="text-sm text-destructive">
          {errors.join(' ')}
        </p>
      )}
    </fieldset>
  );
}

/** A link's title, stations and readings, days, location, embedding sites and expiry; a new one hands its reply (with the secret) to `onCreated`. */
export function ShareLinkForm({
  link,
  stations,
  onCreated,
}: {
  link: ShareLink | null;
  stations: ShareableStation[];
  onCreated: (created: SavedShareLink) => void;
}) {
  const [chosen, setChosen] = useState<Chosen>(link?.stations.map((s) => ({ id: s.id, readings: s.readings })) ?? []);
  const [rolling, setRolling] = useState(link ? link.window_days !== null : true);
  const [exact, setExact] = useState(link?.exact_location ?? false);
  const { errors, form, pending } = useContractForm({
    call: () => import('../../../worker/contracts/share-links').then((c) => c.shareLinkCalls.save),
    read: (data) => {
      const text = (name: string) => String(data.get(name) ?? '').trim();
      return {
        id: link?.id,
        title: data.get('title'),
        stations: chosen,
        window_days: rolling ? text('window_days') || undefined : null,
        window_from: rolling ? null : text('window_from') || undefined,
        window_to: rolling ? null : text('window_to') || undefined,
        exact_location: exact,
        frame_origins: text('frame_origins').split(/\s+/).filter(Boolean),
        expires_at: text('expires_on') ? expiryInstant(text('expires_on')) : null,
      };
    },
    toasts: { success: m.admin_toast_saved, failure: 'errors' },
    invalidates: 'share-links',
    onSuccess: (saved) => !link && onCreated(saved),
  });
  return (
    <form method="post" noValidate {...form} className="grid max-w-2xl grid-cols-1 gap-5">
      <FormErrors errors={errors} fields={fieldNames} />
      <TextField
        name="title"
        label={m.share_links_title_field()}
        hint={m.share_links_title_hint()}
        defaultValue={link?.title}
        maxLength={120}
        errors={errors}
      />
      <StationsField stations={stations} chosen={chosen} onChange={setChosen} errors={errors.stations} />
      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-medium">{m.share_links_window()}</legend>
        <ToggleGroup
          type="single"
          aria-label={m.share_links_window()}
          value={rolling ? 'rolling' : 'fixed'}
          onValueChange={(value) => value && setRolling(value === 'rolling')}
        >
          <ToggleGroupItem value="rolling">{m.share_links_window_rolling()}</ToggleGroupItem>
          <ToggleGroupItem value="fixed">{m.share_links_window_fixed()}</ToggleGroupItem>
        </ToggleGroup>
        {rolling ? (
          <TextField
            name="window_days"
            type="number"
            inputMode="numeric"
            min={1}
            max={366}
            className="w-32"
            label={m.share_links_window_days()}
            defaultValue={link?.window_days ?? 30}
            errors={errors}
          />
        ) : (
          <div className="grid grid-cols-2 gap-3 sm:flex">
            <TextField name="window_from" type="date" label={m.charts_from()} defaultValue={link?.window_from ?? ''} errors={errors} />
            <TextField name="window_to" type="date" label={m.charts_to()} defaultValue={link?.window_to ?? ''} errors={errors} />
          </div>
        )}
        <p className="text-xs text-muted-foreground">{m.share_links_window_hint()}</p>
      </fieldset>
      <div className="grid gap-1">
        <Label className="flex cursor-pointer items-center gap-3">
          <Switch checked={exact} onCheckedChange={setExact} />
          {m.share_links_exact_location()}
        </Label>
        <p className="text-xs text-muted-foreground">{exact ? m.share_links_exact_hint() : m.share_links_rounded_hint()}</p>
      </div>
      <TextAreaField
        name="frame_origins"
        label={m.share_links_origins()}
        hint={m.share_links_origins_hint()}
        placeholder="https://www.example.org"
        rows={3}
        defaultValue={link?.frame_origins.join('\n')}
        errors={errors}
      />
      <TextField
        name="expires_on"
        type="date"
        className="w-44"
        label={m.share_links_expires()}
        hint={m.share_links_expires_hint()}
        defaultValue={expiryDay(link?.expires_at ?? null)}
        errors={errors.expires_at ? { expires_on: errors.expires_at } : {}}
      />
      <SaveButton pending={pending} />
    </form>
  );
}
