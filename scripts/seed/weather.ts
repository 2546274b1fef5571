/**
 * A small, deterministic weather-and-groundwater model that makes demo readings look like a real station's:
 * daily temperature cycles, rain events that raise groundwater and river level with a lag, conductivity that
 * dips when rain dilutes it, and a battery voltage that slowly falls. Step it forward in time order.
 */
import type { Source } from '../../shared/readings';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const round = (v: number, digits = 2) => Math.round(v * 10 ** digits) / 10 ** digits;

export class StationWeather {
  private readonly random: () => number;
  private lastTs: number | null = null;
  private rainLeftMs = 0;
  private rainRate = 0;
  /** Water soaking towards the aquifer (mm), released slowly into groundwater. */
  private soil = 0;
  private groundwater: number;
  private river: number;
  /** What fell at each step of the last hour, for the rolling hour a station reports as SRA1H. */
  private lastHour: { ts: number; mm: number }[] = [];

  constructor(
    readonly source: Source,
    seed: number,
    /** When the battery was last full; the voltage falls from there. */
    private readonly chargedAt: number,
  ) {
    this.random = prng(seed);
    this.groundwater = 2 + this.random();
    this.river = 0.6 + this.random() * 0.4;
  }

  private noise(scale: number) {
    return (this.random() - 0.5) * 2 * scale;
  }

  /** The station's readings at `ts` (epoch ms, later than the previous step). */
  step(ts: number): Record<string, number> {
    const dt = this.lastTs === null ? 10 * 60_000 : Math.max(0, ts - this.lastTs);
    this.lastTs = ts;
    const hours = dt / HOUR;

    if (this.rainLeftMs <= 0 && this.random() < hours / (4 * 24)) {
      this.rainLeftMs = (2 + this.random() * 10) * HOUR;
      this.rainRate = 0.2 + this.random() ** 2 * 4;
    }
    const raining = this.rainLeftMs > 0;
    const rain = raining ? Math.max(0, this.rainRate * (0.6 + this.noise(0.4))) : 0;
    this.rainLeftMs -= dt;

    // Rain soaks in, then feeds groundwater over days; groundwater drains back towards its base level.
    this.soil += rain * hours;
    const infiltration = this.soil * Math.min(1, hours / 36);
    this.soil -= infiltration;
    this.groundwater += infiltration * 0.004 - (this.groundwater - 2) * Math.min(1, hours / (10 * 24));
    this.river += rain * hours * 0.01 - (this.river - 0.6) * Math.min(1, hours / 20);

    // Autumn cooling over the seasons, a daily cycle peaking mid-afternoon (Central European time).
    const dayOfYear = (ts % (365.25 * DAY)) / DAY;
    const season = 10 - 10 * Math.cos(((dayOfYear - 200) / 365.25) * 2 * Math.PI);
    const hourOfDay = ((ts + HOUR) % DAY) / HOUR;
    const airTemp = season + 5 * Math.sin(((hourOfDay - 9) / 24) * 2 * Math.PI) - (raining ? 2 : 0) + this.noise(0.3);
    const humidity = Math.min(100, Math.max(25, 75 - (airTemp - season) * 4 + (raining ? 20 : 0) + this.noise(2)));
    const voltage =
      13.2 - ((ts - this.chargedAt) / DAY) * 0.012 + 0.05 * Math.sin(((hourOfDay - 12) / 24) * 2 * Math.PI) + this.noise(0.01);

    this.lastHour.push({ ts, mm: rain * hours });
    this.lastHour = this.lastHour.filter((r) => r.ts > ts - HOUR);

    if (this.source === 'DANES') {
      return {
        H1: round(this.groundwater, 3),
        KCM: round(0.65 - this.soil * 0.004 + this.noise(0.005), 3),
        RV: round(humidity, 1),
        // The rolling hour, as DANES loggers report it every 10 minutes: what fell in the hour up to this report. Totals
        // count one of them per clock hour (the catalogue's rule), so the hour's rain is counted once.
        SRA1H: round(
          this.lastHour.reduce((n, r) => n + r.mm, 0),
          2,
        ),
        _T: round(airTemp, 1),
        _TX: round(9 + (season - 10) * 0.1 + this.noise(0.05), 2),
        POWER: round(voltage, 2),
      };
    }
    const pressure =
      1013 + 8 * Math.sin((ts / (5.5 * DAY)) * 2 * Math.PI) + 4 * Math.sin((ts / (2.1 * DAY)) * 2 * Math.PI) - (raining ? 5 : 0);
    const inner = 19 + (airTemp - season) * 0.15 + this.noise(0.1);
    return {
      humidity: round(humidity, 1),
      pressure: round(pressure + this.noise(0.2), 1),
      'inner temperature': round(inner, 1),
      'outer temperature': round(airTemp, 1),
      'inner 2nd temperature': round(inner + 0.6 + this.noise(0.1), 1),
      hladina: round(this.river, 3),
    };
  }
}
