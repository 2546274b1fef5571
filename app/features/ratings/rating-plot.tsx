import type { Gauging, RatingVersion } from '../../../worker/contracts/ratings';
import { m } from '~/paraglide/messages';
import { powerLaw } from '../../../shared/power-law';

const width = 480;
const height = 300;
const pad = { left: 52, right: 12, top: 12, bottom: 36 };

/** Powers of ten across [lo, hi] for a log axis's ticks. */
const decades = (lo: number, hi: number) => {
  const ticks: number[] = [];
  for (let e = Math.floor(Math.log10(lo)); e <= Math.ceil(Math.log10(hi)); e++) ticks.push(10 ** e);
  return ticks.filter((t) => t >= lo / 1.0001 && t <= hi * 1.0001);
};

/** Steps a segment is drawn in: a line bends on log axes, and a power law does unless its offset is zero. */
const steps = 16;

/** A point's segment at a stage, for drawing: a power law as it is, anything else as the straight line between the points. */
function along(p: RatingVersion['points'][number], next: RatingVersion['points'][number], stage: number) {
  if (p.segment === 'power' && p.offset !== null && p.coefficient !== null && p.exponent !== null)
    return powerLaw({ offset: p.offset, coefficient: p.coefficient, exponent: p.exponent }, stage);
  return p.discharge + ((next.discharge - p.discharge) * (stage - p.stage)) / (next.stage - p.stage);
}

/** The points to draw: linear and power-law segments stepped along, logarithmic ones from point to point. */
function drawn(points: RatingVersion['points']) {
  return points.flatMap((p, i) => {
    const next = points[i + 1];
    // The table's top is where its last segment ends (a power law's own value there, not the point's).
    if (!next) return i > 0 ? [{ stage: p.stage, discharge: along(points[i - 1], p, p.stage) }] : [p];
    if (p.segment === 'log') return [p];
    return Array.from({ length: steps }, (_, k) => {
      const stage = p.stage + ((next.stage - p.stage) * k) / steps;
      return { stage, discharge: along(p, next, stage) };
    });
  });
}

/**
 * A version's table on log–log axes (discharge across, stage up), with the gaugings as dots: a log segment draws as
 * the straight line it is when the stage of zero flow is near zero (a display, not the rating's own arithmetic).
 * Points at zero flow or stage are left out.
 */
export function RatingPlot({ version, gaugings }: { version: RatingVersion | undefined; gaugings: Gauging[] }) {
  const curve = drawn(version?.points ?? []).filter((p) => p.stage > 0 && p.discharge > 0);
  const dots = gaugings.filter((g) => g.stage > 0 && g.discharge > 0);
  const all = [...curve, ...dots];
  if (all.length < 2) return <p className="text-sm text-muted-foreground">{m.ratings_plot_empty()}</p>;
  const [qLo, qHi] = [Math.min(...all.map((p) => p.discharge)), Math.max(...all.map((p) => p.discharge))];
  const [hLo, hHi] = [Math.min(...all.map((p) => p.stage)), Math.max(...all.map((p) => p.stage))];
  const span = (lo: number, hi: number) => (hi > lo ? Math.log10(hi) - Math.log10(lo) : 1);
  const x = (q: number) => pad.left + ((Math.log10(q) - Math.log10(qLo)) / span(qLo, qHi)) * (width - pad.left - pad.right);
  const y = (h: number) => height - pad.bottom - ((Math.log10(h) - Math.log10(hLo)) / span(hLo, hHi)) * (height - pad.top - pad.bottom);
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      className="h-auto w-full max-w-xl text-foreground"
      role="img"
      aria-label={m.ratings_plot_label()}
      data-testid="rating-plot"
    >
      <g className="text-muted-foreground" fontSize="10" fill="currentColor">
        {decades(qLo, qHi).map((q) => (
          <g key={`q${q}`}>
            <line x1={x(q)} x2={x(q)} y1={pad.top} y2={height - pad.bottom} stroke="currentColor" strokeOpacity="0.2" />
            <text x={x(q)} y={height - pad.bottom + 14} textAnchor="middle">
              {q}
            </text>
          </g>
        ))}
        {decades(hLo, hHi).map((h) => (
          <g key={`h${h}`}>
            <line x1={pad.left} x2={width - pad.right} y1={y(h)} y2={y(h)} stroke="currentColor" strokeOpacity="0.2" />
            <text x={pad.left - 4} y={y(h) + 3} textAnchor="end">
              {h}
            </text>
          </g>
        ))}
        <text x={(width + pad.left) / 2} y={height - 4} textAnchor="middle">
          {m.ratings_discharge_axis()}
        </text>
        <text x={12} y={height / 2} textAnchor="middle" transform={`rotate(-90 12 ${height / 2})`}>
          {m.ratings_stage_axis()}
        </text>
      </g>
      <polyline
        points={curve.map((p) => `${x(p.discharge)},${y(p.stage)}`).join(' ')}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        className="text-primary"
      />
      {dots.map((g) => (
        <circle key={g.id} cx={x(g.discharge)} cy={y(g.stage)} r="4" className="fill-amber-500" data-testid="gauging-dot">
          <title>{g.deviation === null ? g.at : `${g.at}: ${g.deviation.toFixed(1)} %`}</title>
        </circle>
      ))}
    </svg>
  );
}
