import type { NotificationMode, NotificationSettings, NotificationSettingsInput } from '../../../worker/contracts/notifications';
import { m } from '~/paraglide/messages';

// Keyed by every mode, so the choices cannot miss one (the contract's module, with its schemas, stays out of the page).
export const modeLabels: Record<NotificationMode, () => string> = {
  all: m.notify_mode_all,
  critical: m.notify_mode_critical,
  none: m.notify_mode_none,
};
export const modeOptions = Object.keys(modeLabels) as NotificationMode[];

/** One override as the screen holds it: a station or group id and its mode. */
export interface Override {
  id: number;
  mode: NotificationMode;
}

/** What a new override starts at: an override is there to differ from the default. */
export const newOverrideMode = (defaultMode: NotificationMode): NotificationMode => (defaultMode === 'all' ? 'none' : 'all');

export const setOverride = (list: Override[], id: number, mode: NotificationMode): Override[] =>
  list.some((o) => o.id === id) ? list.map((o) => (o.id === id ? { id, mode } : o)) : [...list, { id, mode }];

export const removeOverride = (list: Override[], id: number) => list.filter((o) => o.id !== id);

/** The stations or groups not yet overridden, to add one of. */
export const notOverridden = <T extends { id: number }>(all: T[], list: Override[]) =>
  all.filter((option) => !list.some((o) => o.id === option.id));

/** The screen's state from the stored settings, and back to what the API takes. */
export const fromSettings = (settings: NotificationSettings) => ({
  mode: settings.mode,
  push: settings.push,
  stations: settings.stations.map((s) => ({ id: s.item_id, mode: s.mode })),
  groups: settings.groups.map((g) => ({ id: g.group_id, mode: g.mode })),
});

export const toSettings = (state: ReturnType<typeof fromSettings>): NotificationSettingsInput => ({
  mode: state.mode,
  push: state.push,
  stations: state.stations.map((s) => ({ item_id: s.id, mode: s.mode })),
  groups: state.groups.map((g) => ({ group_id: g.id, mode: g.mode })),
});
