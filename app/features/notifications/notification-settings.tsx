import { XIcon } from 'lucide-react';
import { useId, useState } from 'react';
import type { NotificationMode, NotificationSettings } from '../../../worker/contracts/notifications';
import { FormErrors } from '~/components/form';
import { SaveButton } from '~/components/save-button';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { Label } from '~/components/ui/label';
import { Switch } from '~/components/ui/switch';
import { ToggleGroup, ToggleGroupItem } from '~/components/ui/toggle-group';
import { OptionSelect } from '~/features/alarms/option-select';
import { useContractForm } from '~/lib/use-contract-form';
import { m } from '~/paraglide/messages';
import {
  fromSettings,
  modeLabels,
  modeOptions,
  newOverrideMode,
  notOverridden,
  removeOverride,
  setOverride,
  toSettings,
  type Override,
} from './overrides';

type OverrideState = ReturnType<typeof fromSettings>;

const overrideTexts = {
  stations: { title: m.notify_stations, add: m.notify_add_station, empty: m.notify_no_station_overrides },
  groups: { title: m.notify_groups, add: m.notify_add_group, empty: m.notify_no_group_overrides },
};

const modeChoices = () => modeOptions.map((mode) => ({ value: mode, label: modeLabels[mode]() }));

/** Overrides for stations or for groups: one row each, and a choice to add another (starting where the default is not). */
function OverrideList({
  kind,
  options,
  state,
  onChange,
  errors,
}: {
  kind: keyof typeof overrideTexts;
  options: { id: number; name: string }[];
  state: OverrideState;
  onChange: (state: OverrideState) => void;
  errors?: string[];
}) {
  const texts = overrideTexts[kind];
  const list = state[kind];
  const set = (next: Override[]) => onChange({ ...state, [kind]: next });
  const nameOf = new Map(options.map((o) => [o.id, o.name]));
  const addable = notOverridden(options, list);
  const titleId = useId();
  return (
    <section className="grid grid-cols-1 gap-2" aria-labelledby={titleId}>
      <h3 id={titleId} className="text-sm font-medium">
        {texts.title()}
      </h3>
      {list.length === 0 && <p className="text-sm text-muted-foreground">{texts.empty()}</p>}
      {list.length > 0 && (
        <ul className="grid grid-cols-1 gap-2">
          {list.map((o) => {
            const name = nameOf.get(o.id) ?? `#${o.id}`;
            return (
              <li key={o.id} className="flex flex-wrap items-center gap-2 rounded-md border px-3 py-1.5">
                <span className="min-w-0 flex-1 basis-40 truncate text-sm" title={name}>
                  {name}
                </span>
                <OptionSelect
                  value={o.mode}
                  options={modeChoices()}
                  onChange={(mode) => set(setOverride(list, o.id, mode))}
                  className="ml-auto w-40 shrink-0"
                  aria-label={m.notify_mode_for({ name })}
                />
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="size-8"
                  aria-label={m.notify_remove({ name })}
                  onClick={() => set(removeOverride(list, o.id))}
                >
                  <XIcon />
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      {addable.length > 0 && (
        // Keyed by the count, so the choice shows its placeholder again after each addition.
        <OptionSelect
          key={list.length}
          options={addable.map((o) => ({ value: String(o.id), label: o.name }))}
          onChange={(id) => set(setOverride(list, Number(id), newOverrideMode(state.mode)))}
          className="sm:max-w-sm"
          aria-label={texts.add()}
          placeholder={texts.add()}
        />
      )}
      {errors && <p className="text-sm text-destructive">{errors.join(' ')}</p>}
    </section>
  );
}

/** The profile's alarm e-mail settings: a default for every station, and overrides per station and per group. */
export function NotificationSettingsCard({ settings }: { settings: NotificationSettings }) {
  const [state, setState] = useState(() => fromSettings(settings));
  const titleId = useId();
  const { errors, form, pending } = useContractForm({
    call: () => import('../../../worker/contracts/notifications').then((c) => c.notificationCalls.saveSettings),
    read: () => toSettings(state),
    toasts: { success: m.admin_toast_saved, failure: m.notify_save_failed },
    invalidates: 'notifications',
  });
  return (
    <Card className="max-w-2xl" role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>{m.notify_title()}</CardTitle>
        <CardDescription>{m.notify_description()}</CardDescription>
      </CardHeader>
      <CardContent>
        <form method="post" noValidate {...form} className="grid grid-cols-1 gap-5">
          <FormErrors errors={errors} fields={['mode', 'push', 'stations', 'groups']} />
          <div className="grid gap-2">
            <Label id="notify-default">{m.notify_default()}</Label>
            <ToggleGroup
              type="single"
              aria-labelledby="notify-default"
              value={state.mode}
              onValueChange={(mode) => mode && setState({ ...state, mode: mode as NotificationMode })}
              className="flex-wrap"
            >
              {modeOptions.map((mode) => (
                <ToggleGroupItem key={mode} value={mode}>
                  {modeLabels[mode]()}
                </ToggleGroupItem>
              ))}
            </ToggleGroup>
          </div>
          <div className="flex items-start gap-3">
            <Switch
              id="notify-push"
              checked={state.push}
              onCheckedChange={(push) => setState({ ...state, push })}
              aria-describedby="notify-push-hint"
            />
            <div className="grid gap-1">
              <Label htmlFor="notify-push">{m.notify_push()}</Label>
              <p id="notify-push-hint" className="text-sm text-muted-foreground">
                {m.notify_push_hint()}
              </p>
            </div>
          </div>
          <p className="text-sm text-muted-foreground">{m.notify_how_overrides_combine()}</p>
          <OverrideList kind="stations" options={settings.allStations} state={state} onChange={setState} errors={errors.stations} />
          {settings.allGroups.length > 0 && (
            <OverrideList kind="groups" options={settings.allGroups} state={state} onChange={setState} errors={errors.groups} />
          )}
          <SaveButton pending={pending} />
        </form>
      </CardContent>
    </Card>
  );
}
