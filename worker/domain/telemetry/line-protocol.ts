/**
 * InfluxDB line protocol (1.x and 2.x), read into columns: `measurement[,tag=value…] field=value[,field=value…]
 * [timestamp]`, one point per line, `#` comments and blank lines skipped. Hand-written for ingest's hot path: it walks
 * the text by character code, allocates nothing per character, and nothing per line when a line names its station and
 * fields as the line before it did (the common case); numbers are read exactly without slicing them out.
 */

/** The precisions a write may name; `n`, `u` and `µ` are InfluxDB 1.x's spellings of `ns` and `us`. */
export const precisions = { '': 'ns', n: 'ns', ns: 'ns', u: 'us', us: 'us', µ: 'us', ms: 'ms', s: 's', m: 'm', h: 'h' } as const;
export type Precision = (typeof precisions)[keyof typeof precisions];

/** How a field's value was written: 1.5, 2i, 3u, true or "text". */
export const fieldKinds = ['float', 'integer', 'unsigned', 'boolean', 'string'] as const;
const [FLOAT, INTEGER, UNSIGNED, BOOLEAN, STRING] = [0, 1, 2, 3, 4];

/** The points of a body in columns. */
export interface ParsedLines {
  /** Per point: its line number (from 1), time (epoch ms) and station (index into `stations`, -1 without the tag). */
  pointLine: number[];
  pointTs: number[];
  pointStation: number[];
  stations: string[];
  /** Per field: its point, name (index into `fields`), kind (index into `fieldKinds`) and value (NaN for a string, 1 or 0 for a boolean). */
  valuePoint: number[];
  valueField: number[];
  valueKind: number[];
  values: number[];
  fields: string[];
  /** Lines that could not be read, with why (InfluxDB's words), in line order. */
  errors: { line: number; message: string }[];
  /** More than `maxValues` fields: reading stopped there. */
  overflow: boolean;
}

export interface ParseOptions {
  precision: Precision;
  /** The tag that names the station. */
  tag: string;
  /** The time of points without a timestamp (epoch ms). */
  now: number;
  maxValues: number;
}

const [NEWLINE, RETURN, SPACE, TAB, QUOTE, HASH, PLUS, COMMA, MINUS, DOT, ZERO, NINE, EQUALS, BACKSLASH] = [
  10, 13, 32, 9, 34, 35, 43, 44, 45, 46, 48, 57, 61, 92,
];
const isSpace = (c: number) => c === SPACE || c === TAB || c === RETURN;
const isDigit = (c: number) => c >= ZERO && c <= NINE;

// Powers of ten a double holds exactly: a mantissa below 2^53 times or over one of them is rounded once, correctly.
const exact = Array.from({ length: 23 }, (_, i) => Number(`1e${i}`));
const maxExactMantissa = 2 ** 53;
// Digits a timestamp of each precision has below the millisecond, and what one unit is in milliseconds.
const belowMs: Record<Precision, number> = { ns: 6, us: 3, ms: 0, s: 0, m: 0, h: 0 };
const unitMs: Record<Precision, number> = { ns: 1, us: 1, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
// JavaScript's dates end 8.64e15 ms either side of 1970.
const maxMs = 8.64e15;
const int64Max = '9223372036854775807';
const int64Min = '9223372036854775808';
const uint64Max = '18446744073709551615';
const booleans = new Map([
  ...['t', 'T', 'true', 'True', 'TRUE'].map((t) => [t, 1] as const),
  ...['f', 'F', 'false', 'False', 'FALSE'].map((f) => [f, 0] as const),
]);

class LineError extends Error {}

/** Reads a body of line protocol; every bad line is listed (and skipped), the others kept. */
export function parseLineProtocol(text: string, options: ParseOptions): ParsedLines {
  return new LineReader(text, options).read();
}

class LineReader {
  private pos = 0;
  private line = 1;
  private readonly out: ParsedLines = {
    pointLine: [],
    pointTs: [],
    pointStation: [],
    stations: [],
    valuePoint: [],
    valueField: [],
    valueKind: [],
    values: [],
    fields: [],
    errors: [],
    overflow: false,
  };
  private readonly stationIndex = new Map<string, number>();
  private readonly fieldIndex = new Map<string, number>();
  // What the line before wrote, by field position (as written, escapes and all): a line that repeats it costs no string.
  private readonly recentFields: { raw: string; index: number }[] = [];
  private recentStation: { raw: string; index: number } | null = null;
  private readonly end: number;

  constructor(
    private readonly text: string,
    private readonly options: ParseOptions,
  ) {
    this.end = text.length;
  }

  private at(pos: number) {
    return pos < this.end ? this.text.charCodeAt(pos) : NEWLINE;
  }

  read(): ParsedLines {
    while (this.pos < this.end && !this.out.overflow) {
      while (isSpace(this.at(this.pos))) this.pos++;
      const c = this.at(this.pos);
      if (c === NEWLINE || c === HASH) {
        this.nextLine();
        continue;
      }
      const [start, line] = [this.pos, this.line];
      const values = this.out.values.length;
      try {
        this.point();
      } catch (err) {
        if (!(err instanceof LineError)) throw err;
        this.refuse(line, start, err.message, values);
      }
    }
    return this.out;
  }

  /** Moves past the rest of this line and its newline. */
  private nextLine() {
    const next = this.text.indexOf('\n', this.pos);
    this.pos = next === -1 ? this.end : next + 1;
    this.line++;
  }

  private refuse(line: number, start: number, reason: string, values: number) {
    const out = this.out;
    // Take back the point and fields of the bad line.
    if (out.pointLine.at(-1) === line) {
      out.pointLine.pop();
      out.pointTs.pop();
      out.pointStation.pop();
    }
    for (const column of [out.valuePoint, out.valueField, out.valueKind, out.values]) column.length = values;
    const stop = this.text.indexOf('\n', start);
    const whole = this.text.slice(start, stop === -1 ? this.end : stop).trimEnd();
    const shown = whole.length > 100 ? `${whole.slice(0, 100)}…` : whole;
    out.errors.push({ line, message: `unable to parse '${shown}': ${reason}` });
    this.nextLine();
  }

  private point() {
    const { out } = this;
    // The measurement: its name is free and not kept.
    const measurement = this.pos;
    this.pos = this.skipName(this.pos, false);
    if (this.pos === measurement) throw new LineError('missing measurement');
    let station = -1;
    while (this.at(this.pos) === COMMA) {
      const key = this.pos + 1;
      const keyEnd = this.skipName(key, true);
      if (keyEnd === key) throw new LineError('missing tag key');
      if (this.at(keyEnd) !== EQUALS) throw new LineError('missing tag value');
      const value = keyEnd + 1;
      this.pos = this.skipName(value, false);
      if (this.pos === value) throw new LineError('missing tag value');
      // The station's tag holds no character that needs escaping, so a key with a backslash is another tag.
      const { tag } = this.options;
      if (keyEnd - key === tag.length && this.text.startsWith(tag, key)) station = this.station(value, this.pos);
    }
    if (!isSpace(this.at(this.pos))) throw new LineError('missing fields');
    while (isSpace(this.at(this.pos))) this.pos++;
    if (this.at(this.pos) === NEWLINE) throw new LineError('missing fields');

    const point = out.pointLine.length;
    out.pointLine.push(this.line);
    out.pointTs.push(this.options.now);
    out.pointStation.push(station);
    for (let position = 0; ; position++) {
      const key = this.pos;
      const keyEnd = this.skipName(key, true);
      if (keyEnd === key) throw new LineError('missing field key');
      if (this.at(keyEnd) !== EQUALS) throw new LineError('missing field value');
      const field = this.field(key, keyEnd, position);
      this.pos = keyEnd + 1;
      this.value(point, field);
      const next = this.at(this.pos);
      if (next === COMMA) {
        this.pos++;
        continue;
      }
      if (next !== NEWLINE && !isSpace(next)) throw new LineError('invalid field format');
      break;
    }
    while (isSpace(this.at(this.pos))) this.pos++;
    if (this.at(this.pos) !== NEWLINE) {
      out.pointTs[point] = this.timestamp();
      while (isSpace(this.at(this.pos))) this.pos++;
      if (this.at(this.pos) !== NEWLINE) throw new LineError('bad timestamp');
    }
    if (this.pos < this.end) this.pos++;
    this.line++;
    if (out.values.length > this.options.maxValues) out.overflow = true;
  }

  /** The end of a name or tag value from `pos`: an unescaped comma or space, a line's end, or (`key`) an equals sign. */
  private skipName(pos: number, key: boolean) {
    for (;;) {
      const c = this.at(pos);
      if (c === BACKSLASH && this.at(pos + 1) !== NEWLINE) pos += 2;
      else if (c === COMMA || c === NEWLINE || isSpace(c) || (key && c === EQUALS)) return Math.min(pos, this.end);
      else pos++;
    }
  }

  /** The text of a name or tag value, its escapes (`\,` `\=` `\ ` `\\`) undone. */
  private name(from: number, to: number) {
    const raw = this.text.slice(from, to);
    return raw.includes('\\') ? raw.replace(/\\([,= \\])/g, '$1') : raw;
  }

  /** Whether the text from `from` to `to` is `raw`. */
  private is(raw: string, from: number, to: number) {
    return raw.length === to - from && this.text.startsWith(raw, from);
  }

  /** The index of a station tag's value: no string when it names the station the line before named. */
  private station(from: number, to: number) {
    const recent = this.recentStation;
    if (recent && this.is(recent.raw, from, to)) return recent.index;
    const value = this.name(from, to);
    let index = this.stationIndex.get(value);
    if (index === undefined) this.stationIndex.set(value, (index = this.out.stations.push(value) - 1));
    this.recentStation = { raw: this.text.slice(from, to), index };
    return index;
  }

  /** The index of a field name: no string when the line before had the same name in the same place. */
  private field(from: number, to: number, position: number) {
    const recent = this.recentFields[position];
    if (recent && this.is(recent.raw, from, to)) return recent.index;
    const name = this.name(from, to);
    let index = this.fieldIndex.get(name);
    if (index === undefined) this.fieldIndex.set(name, (index = this.out.fields.push(name) - 1));
    this.recentFields[position] = { raw: this.text.slice(from, to), index };
    return index;
  }

  private value(point: number, field: number) {
    const { out } = this;
    const start = this.pos;
    let kind = FLOAT;
    let value: number;
    if (this.at(start) === QUOTE) {
      this.skipString();
      [kind, value] = [STRING, NaN];
    } else {
      let end = start;
      for (let c = this.at(end); c !== COMMA && c !== NEWLINE && !isSpace(c); c = this.at(++end));
      if (end === start) throw new LineError('missing field value');
      this.pos = end;
      const last = this.at(end - 1);
      const first = this.at(start);
      if (first === 116 || first === 84 || first === 102 || first === 70 /* t T f F */) {
        const known = booleans.get(this.text.slice(start, end));
        if (known === undefined) throw new LineError('invalid boolean');
        [kind, value] = [BOOLEAN, known];
      } else if (last === 105 /* i */) [kind, value] = [INTEGER, this.integer(start, end - 1, false)];
      else if (last === 117 /* u */) [kind, value] = [UNSIGNED, this.integer(start, end - 1, true)];
      else value = this.float(start, end);
    }
    out.valuePoint.push(point);
    out.valueField.push(field);
    out.valueKind.push(kind);
    out.values.push(value);
  }

  /** Moves past a quoted string (which may hold escaped quotes and even newlines). */
  private skipString() {
    let pos = this.pos + 1;
    let lines = 0;
    for (;;) {
      if (pos >= this.end) throw new LineError('unbalanced quotes');
      const c = this.text.charCodeAt(pos);
      if (c === BACKSLASH) pos += 2;
      else if (c === QUOTE) break;
      else {
        if (c === NEWLINE) lines++;
        pos++;
      }
    }
    this.pos = pos + 1;
    this.line += lines;
  }

  /** An integer field `[-]digits` (before its `i` or `u`), within the range of a 64-bit integer. */
  private integer(from: number, to: number, unsigned: boolean) {
    const negative = this.at(from) === MINUS;
    if (negative && unsigned) throw new LineError('invalid number');
    const max = unsigned ? uint64Max : negative ? int64Min : int64Max;
    const first = negative ? from + 1 : from;
    if (first === to) throw new LineError('invalid number');
    let value = 0;
    for (let p = first; p < to; p++) {
      const c = this.text.charCodeAt(p);
      if (!isDigit(c)) throw new LineError('invalid number');
      value = value * 10 + (c - ZERO);
    }
    const digits = to - first;
    if (digits >= 16) {
      const text = this.text.slice(first, to).replace(/^0+(?=\d)/, '');
      if (text.length > max.length || (text.length === max.length && text > max)) throw new LineError('value out of range');
      value = Number(text);
    }
    return negative ? -value : value;
  }

  /** A float `[-]digits[.digits][e[±]digits]`: exact from the digits when they fit a double, else through Number. */
  private float(from: number, to: number) {
    let p = from;
    let c = this.at(p);
    const negative = c === MINUS;
    if (negative || c === PLUS) c = this.at(++p);
    let [mantissa, exponent, digits, dot, precise] = [0, 0, 0, false, true];
    for (; p < to; c = this.at(++p)) {
      if (isDigit(c)) {
        digits++;
        if (mantissa * 10 + 9 < maxExactMantissa) mantissa = mantissa * 10 + (c - ZERO);
        else precise = false;
        if (dot) exponent--;
      } else if (c === DOT && !dot) dot = true;
      else break;
    }
    if (!digits) throw new LineError('invalid number');
    if (p < to) {
      if (c !== 101 && c !== 69 /* e E */) throw new LineError('invalid number');
      c = this.at(++p);
      const minus = c === MINUS;
      if (minus || c === PLUS) c = this.at(++p);
      if (p === to) throw new LineError('invalid number');
      let power = 0;
      for (; p < to; c = this.at(++p)) {
        if (!isDigit(c)) throw new LineError('invalid number');
        power = Math.min(power * 10 + (c - ZERO), 100_000);
      }
      exponent += minus ? -power : power;
    }
    let value: number;
    if (precise && exponent >= -22 && exponent <= 22) value = exponent < 0 ? mantissa / exact[-exponent] : mantissa * exact[exponent];
    else {
      value = Number(this.text.slice(negative ? from + 1 : from, to));
      if (!Number.isFinite(value)) throw new LineError('value out of range');
    }
    return negative ? -value : value;
  }

  /** A timestamp `[-]digits` in the write's precision, as epoch ms (parts of a millisecond dropped, rounding down). */
  private timestamp() {
    const start = this.pos;
    let end = start;
    for (let c = this.at(end); c !== NEWLINE && !isSpace(c); c = this.at(++end));
    this.pos = end;
    const negative = this.at(start) === MINUS;
    const first = negative ? start + 1 : start;
    const digits = end - first;
    if (digits === 0 || digits > 19) throw new LineError(digits ? 'time outside range' : 'bad timestamp');
    const { precision } = this.options;
    const whole = Math.max(first, end - belowMs[precision]);
    let ms = 0;
    let fraction = false;
    for (let p = first; p < end; p++) {
      const c = this.text.charCodeAt(p);
      if (!isDigit(c)) throw new LineError('bad timestamp');
      if (p < whole) ms = ms * 10 + (c - ZERO);
      else if (c !== ZERO) fraction = true;
    }
    const value = (negative ? -ms - (fraction ? 1 : 0) : ms) * unitMs[precision];
    if (Math.abs(value) > maxMs) throw new LineError('time outside range');
    return value;
  }
}
