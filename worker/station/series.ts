/** Above this many points of one reading in a range, the range is downsampled. */
export const maxPointsPerReading = 4000;
/** Buckets per reading when downsampling; each keeps its minimum and maximum, so at most twice this many points. */
export const bucketsPerReading = 1000;

/** Width in ms of the time buckets that split [start, end) into `buckets` parts. */
export const bucketWidth = (start: number, end: number, buckets = bucketsPerReading) => Math.max(1, Math.ceil((end - start) / buckets));

/** One reading's points in time order, as parallel arrays (cheap to pass between objects and to serialise). */
export interface CodeSeries {
  t: number[];
  v: number[];
}

/** What a chart needs of a station's range: every reading's points, and its extremes over the whole range. */
export interface ChartSeries {
  series: Record<string, CodeSeries>;
  min: Record<string, number>;
  max: Record<string, number>;
  downsampled: boolean;
}

export interface SeriesOptions {
  rawLimit?: number;
  buckets?: number;
}

/** Extremes of one bucket: earliest minimum and earliest maximum, with their times. */
class Buckets {
  readonly minT: Float64Array;
  readonly minV: Float64Array;
  readonly maxT: Float64Array;
  readonly maxV: Float64Array;
  constructor(count: number) {
    this.minT = new Float64Array(count).fill(NaN);
    this.minV = new Float64Array(count);
    this.maxT = new Float64Array(count);
    this.maxV = new Float64Array(count);
  }
  add(b: number, ts: number, value: number) {
    if (Number.isNaN(this.minT[b])) {
      this.minT[b] = this.maxT[b] = ts;
      this.minV[b] = this.maxV[b] = value;
      return;
    }
    if (value < this.minV[b]) {
      this.minT[b] = ts;
      this.minV[b] = value;
    }
    if (value > this.maxV[b]) {
      this.maxT[b] = ts;
      this.maxV[b] = value;
    }
  }
  /** Each bucket's minimum and maximum in time order; a point that is both appears once. */
  points(): CodeSeries {
    const out: CodeSeries = { t: [], v: [] };
    for (let b = 0; b < this.minT.length; b++) {
      if (Number.isNaN(this.minT[b])) continue;
      const minFirst = this.minT[b] <= this.maxT[b];
      const [t1, v1, t2, v2] = minFirst ? [this.minT[b], this.minV[b], this.maxT[b], this.maxV[b]] : [this.maxT[b], this.maxV[b], this.minT[b], this.minV[b]];
      out.t.push(t1);
      out.v.push(v1);
      if (t2 !== t1) {
        out.t.push(t2);
        out.v.push(v2);
      }
    }
    return out;
  }
}

/**
 * Builds a chart's series from one pass over a station's rows in time order (`[ts, value of code 0, …]`):
 * raw points while every reading stays within `rawLimit`, else each bucket's minimum and maximum, so peaks
 * and dips survive. The range is read once; the extremes are exact either way.
 */
export class SeriesBuilder {
  private raw: CodeSeries[] | null;
  private readonly buckets: (Buckets | undefined)[] = [];
  private readonly min: (number | undefined)[] = [];
  private readonly max: (number | undefined)[] = [];
  private readonly rawLimit: number;
  private readonly bucketCount: number;
  private readonly width: number;

  constructor(
    private readonly codes: readonly string[],
    private readonly start: number,
    end: number,
    options: SeriesOptions = {},
  ) {
    this.rawLimit = options.rawLimit ?? maxPointsPerReading;
    this.bucketCount = options.buckets ?? bucketsPerReading;
    this.width = bucketWidth(start, end, this.bucketCount);
    this.raw = codes.map(() => ({ t: [], v: [] }));
  }

  add(row: readonly (number | null)[]) {
    const ts = row[0] as number;
    const b = Math.min(this.bucketCount - 1, Math.floor((ts - this.start) / this.width));
    for (let i = 0; i < this.codes.length; i++) {
      const value = row[i + 1];
      if (value === null || value === undefined) continue;
      const raw = this.raw?.[i];
      if (raw) {
        raw.t.push(ts);
        raw.v.push(value);
        // Past the limit the raw points are never sent: drop them rather than hold years of readings.
        if (raw.t.length > this.rawLimit) this.raw = null;
      }
      (this.buckets[i] ??= new Buckets(this.bucketCount)).add(b, ts, value);
      if (this.min[i] === undefined || value < this.min[i]!) this.min[i] = value;
      if (this.max[i] === undefined || value > this.max[i]!) this.max[i] = value;
    }
  }

  result(): ChartSeries {
    const raw = this.raw;
    const downsampled = raw === null;
    const out: ChartSeries = { series: {}, min: {}, max: {}, downsampled };
    this.codes.forEach((code, i) => {
      if (this.min[i] === undefined) return;
      out.series[code] = raw ? raw[i] : this.buckets[i]!.points();
      out.min[code] = this.min[i]!;
      out.max[code] = this.max[i]!;
    });
    return out;
  }
}
