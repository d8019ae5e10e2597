// A small hand-made bar chart: an SVG picture for those who can see it, a one-sentence summary as
// its accessible name, and the exact figures in a table under <details> for everyone else (and for
// anyone who wants the numbers). No chart library: the overview needs two simple charts, and a
// library would weigh more than the whole back office's other screens.
export interface Bar {
  label: string;
  /** Under the bar when there is room ("12 May"); defaults to label. */
  shortLabel?: string;
  value: number;
}

const WIDTH = 640;
const HEIGHT = 240;
const PLOT = { left: 64, right: 8, top: 16, bottom: 32 };

/** The top of the value axis: the maximum rounded up to 1, 2 or 5 × a power of ten (at least 1). */
export function niceMax(max: number): number {
  if (max <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  return [1, 2, 5, 10].map((m) => m * power).find((v) => v >= max) ?? 10 * power;
}

/** Which bars get a label under them: all when few, else about six evenly spaced (and the last). */
export function labelledBars(count: number): Set<number> {
  if (count <= 8) return new Set(Array.from({ length: count }, (_, i) => i));
  const step = Math.ceil(count / 6);
  const shown = new Set<number>();
  for (let i = count - 1; i >= 0; i -= step) shown.add(i);
  return shown;
}

interface Props {
  title: string;
  /** The picture in one sentence, e.g. "12 registrations in 30 days, most on 3 May (4)". */
  summary: string;
  bars: Bar[];
  /** Exact value for the table and the labels over the bars, e.g. formatMoney. */
  format?: (value: number) => string;
  /** Short value for the axis, e.g. "1.5M". */
  tick?: (value: number) => string;
  valueHeader: string;
  labelHeader: string;
}

export function BarChart({ title, summary, bars, format = String, tick = String, valueHeader, labelHeader }: Props) {
  const top = niceMax(Math.max(0, ...bars.map((b) => b.value)));
  const plotWidth = WIDTH - PLOT.left - PLOT.right;
  const plotHeight = HEIGHT - PLOT.top - PLOT.bottom;
  const slot = plotWidth / Math.max(1, bars.length);
  const barWidth = Math.max(2, slot * 0.7);
  const y = (v: number) => PLOT.top + plotHeight - (v / top) * plotHeight;
  const labelled = labelledBars(bars.length);
  const fewBars = bars.length <= 8;
  return (
    <figure className="rounded-lg border border-slate-200 p-4">
      <figcaption className="font-semibold text-slate-900">{title}</figcaption>
      <svg role="img" aria-label={`${title}: ${summary}`} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="mt-3 h-auto w-full" preserveAspectRatio="xMidYMid meet">
        {[0, top / 2, top].map((v) => (
          <g key={v}>
            <line x1={PLOT.left} x2={WIDTH - PLOT.right} y1={y(v)} y2={y(v)} className="stroke-slate-200" />
            <text x={PLOT.left - 6} y={y(v) + 4} textAnchor="end" className="fill-slate-600 text-[11px]">
              {tick(v)}
            </text>
          </g>
        ))}
        {bars.map((b, i) => {
          const x = PLOT.left + i * slot + (slot - barWidth) / 2;
          return (
            <g key={b.label}>
              <rect x={x} y={y(b.value)} width={barWidth} height={Math.max(0, y(0) - y(b.value))} className="fill-brand-600" />
              {fewBars && (
                <text x={x + barWidth / 2} y={y(b.value) - 4} textAnchor="middle" className="fill-slate-900 text-[11px]">
                  {format(b.value)}
                </text>
              )}
              {labelled.has(i) && (
                <text x={x + barWidth / 2} y={HEIGHT - 10} textAnchor="middle" className="fill-slate-700 text-[11px]">
                  {b.shortLabel ?? b.label}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-brand-700 underline">Show the figures as a table</summary>
        <table className="mt-2 min-w-full text-left">
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr>
              <th scope="col" className="py-1 pr-4 font-semibold">
                {labelHeader}
              </th>
              <th scope="col" className="py-1 text-right font-semibold">
                {valueHeader}
              </th>
            </tr>
          </thead>
          <tbody>
            {bars.map((b) => (
              <tr key={b.label} className="border-t border-slate-100">
                <th scope="row" className="py-1 pr-4 font-normal">
                  {b.label}
                </th>
                <td className="py-1 text-right tabular-nums">{format(b.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
