import { z } from './zod';
import { isoInstant } from '../../shared/station-time';
import { defineCall } from './call';
import { id, idQuery } from './validation';
import type { ItemRow } from './items';
import type { MaintenanceWindow } from './maintenance';

/** Which way a scale's levels go: `rising` (a level is reached at or above its threshold) or `falling` (at or below). */
export const levelDirections = ['rising', 'falling'] as const;
export type LevelDirection = (typeof levelDirections)[number];

/** Most levels one scale may have. */
export const maxLevels = 6;

/**
 * Colours of levels 1..3 when a scale names none: the Czech flood activity levels' customary yellow, orange and red
 * (higher levels reuse the last).
 */
export const defaultLevelColors = ['#eab308', '#f97316', '#dc2626'] as const;
export const levelColorOf = (rank: number, color: string | null) =>
  color ?? defaultLevelColors[Math.min(rank, defaultLevelColors.length) - 1];

const colour = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/)
  .nullish()
  .transform((v) => v || null);

export const WarningLevelInput = z.object({
  name: z
    .string()
    .trim()
    .max(40)
    .nullish()
    .transform((v) => v || null)
    .meta({ description: 'Shown instead of the default name (levels 1–3: the flood activity levels, in the reader’s language).' }),
  color: colour.meta({ description: '#rrggbb; default yellow, orange, red for levels 1, 2, 3.' }),
  threshold: z.number().meta({ description: "Reached at or above (rising) or at or below (falling) this value, in the reading's unit." }),
  deadband: z
    .number()
    .min(0)
    .default(0)
    .meta({ description: 'Left only once the value is back past the threshold by this much (hysteresis).' }),
});

/** A station's levels of one reading, as an administrator sends them: the whole ordered list, level 1 first. */
export const WarningScaleInput = z.object({
  reading: z.string().trim().min(1).max(64).meta({ description: "A reading code of the station's source (any code)." }),
  direction: z.enum(levelDirections).default('rising'),
  levels: z.array(WarningLevelInput).min(1).max(maxLevels),
});
export type WarningScaleInput = z.output<typeof WarningScaleInput>;

export const WarningLevel = z.object({
  rank: z.number().meta({ description: '1 for the first level; 0 stands for "below every level".' }),
  name: z.string().nullable().meta({ description: 'Null: the default name of the rank (levels 1–3: vigilance, alert, danger).' }),
  color: z.string(),
  threshold: z.number(),
  deadband: z.number(),
  clear_level: z.number().meta({ description: 'Where the level is left again: the threshold back by the deadband.' }),
});
export type WarningLevel = z.infer<typeof WarningLevel>;

export const CurrentLevel = z.object({
  level: z.number().meta({ description: '0: below every level.' }),
  since: z.string().meta({ description: 'Reading time of the crossing that set it.' }),
  value: z.number().nullable(),
});
export type CurrentLevel = z.infer<typeof CurrentLevel>;

export const LevelForecast = z.object({
  level: z.number().meta({ description: 'The next level beyond the current one.' }),
  expected_at: z.string().meta({ description: 'When the recent trend reaches it (docs/alarms.md, time-to-level forecast).' }),
  issued_at: z.string().meta({ description: 'Reading time of the newest reading the forecast was made from.' }),
});
export type LevelForecast = z.infer<typeof LevelForecast>;

/** A forecast as replies carry it, from the station's (epoch ms). */
export const forecastReply = (f: { level: number; expectedAt: number; issuedAt: number }): LevelForecast => ({
  level: f.level,
  expected_at: isoInstant(f.expectedAt),
  issued_at: isoInstant(f.issuedAt),
});

export const WarningScale = z.object({
  item_id: z.number(),
  unique_id: z.string(),
  reading: z.string(),
  direction: z.enum(levelDirections),
  levels: z.array(WarningLevel),
  current: CurrentLevel.nullable().meta({ description: 'Null until a reading was evaluated against the levels.' }),
  forecast: LevelForecast.nullable().meta({ description: 'Null while the trend reaches no next level within 48 h.' }),
  updated_at: z.string(),
});
export type WarningScale = z.infer<typeof WarningScale>;

/** A reading's levels and where it stands, as cards, markers, displays, charts and share pages show them. */
export const LevelStanding = WarningScale.pick({ reading: true, direction: true, levels: true, current: true, forecast: true });
export type LevelStanding = z.infer<typeof LevelStanding>;

export const LevelEvent = z.object({
  id: z.number(),
  item_id: z.number(),
  reading: z.string(),
  from_level: z.number(),
  to_level: z.number(),
  direction: z.enum(['up', 'down']),
  at: z.string().meta({ description: 'Reading time of the reading that crossed.' }),
  value: z.number(),
});
export type LevelEvent = z.infer<typeof LevelEvent>;

/** A station's Warning screen: its levels per reading, its maintenance windows, and whether the subject may change them. */
export interface StationWarning {
  item: ItemRow;
  /** The codes its source reports: the readings that may have levels. */
  readings: string[];
  scales: WarningScale[];
  windows: MaintenanceWindow[];
  may_edit: boolean;
}

export const WarningScalesQuery = z.object({ item_id: id().optional() });
export const WarningScaleRef = z.object({ id: id(), reading: z.string().trim().min(1).max(64) });
export const LevelEventsQuery = z.object({
  item_id: id(),
  reading: z.string().trim().max(64).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export const warningCalls = {
  list: defineCall({
    method: 'get',
    path: '/warning-levels',
    access: 'user',
    summary: 'Warning levels and the current level per reading of a station the subject may see (item_id), or of all of them',
    query: WarningScalesQuery,
    reply: z.array(WarningScale),
  }),
  save: defineCall({
    method: 'post',
    path: '/warning-levels/edit',
    access: 'admin',
    summary: "Set a station's warning levels of one reading (the whole ordered list); the station's object takes them at once",
    description:
      'Levels are ordered: level 1 first, thresholds strictly rising (direction `rising`) or falling (`falling`). A level is reached at ' +
      "or past its threshold and left once back past it by its deadband. A level's current standing is kept when the list changes.",
    query: idQuery,
    body: WarningScaleInput,
    model: 'WarningLevels',
    reply: WarningScale,
  }),
  delete: defineCall({
    method: 'post',
    path: '/warning-levels/delete',
    access: 'admin',
    summary: "Remove a station's warning levels of one reading",
    query: WarningScaleRef,
    reply: z.object({ id: z.number(), reading: z.string() }),
  }),
  events: defineCall({
    method: 'get',
    path: '/warning-levels/events',
    access: 'user',
    summary: 'Level crossings up and down of a station the subject may see, newest first',
    query: LevelEventsQuery,
    reply: z.array(LevelEvent),
  }),
};
