import { memo, useEffect, useId, useRef, useState, type RefObject } from 'react';
import { formatServiceDate, formatWholeNumber } from '../../lib/format';
import type { TMileageReading } from './report-model';

const WIDTH = 640;
const HEIGHT = 280;
const PAD = { top: 28, right: 56, bottom: 48, left: 72 };

function toDay(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) / 86_400_000;
}

/** A label's text: its miles, with "!" before a reading lower than an earlier one. */
function labelText(reading: TMileageReading): string {
  return reading.isLowerThanEarlier ? `! ${formatWholeNumber(reading.miles)}` : formatWholeNumber(reading.miles);
}

/** A box in the chart's units: left, top, right, bottom. */
type Box = readonly [number, number, number, number];
const overlaps = (a: Box, b: Box) => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];
/**
 * A label's width per character before the browser has measured it (12-unit bold digits), and its height above and
 * below its baseline (the font's own box: DejaVu Sans's is 0.93 and 0.24 of its size).
 */
const LABEL_CHAR_WIDTH = 7.5;
const LABEL_ASCENT = 11;
const LABEL_DESCENT = 3;
const MARKER_REACH = 7;
/** Space kept free on each side of a label, so that two neighbours never read as one number. */
const LABEL_GAP = 3;

/** A point of the chart and the text of its label. */
export interface ChartPoint {
  cx: number;
  cy: number;
  text: string;
  /** Labelled before any other: a reading lower than an earlier one. */
  isFlagged: boolean;
  /** The label's width as the browser drew it, in the chart's units; else estimated from its characters. */
  width?: number;
}

/**
 * Where each point's label goes: above its point, else below it, wherever it covers neither another label nor any
 * point's marker, and inside [minX, maxX]; null where neither fits, so that no two values are ever drawn over each
 * other (each one is still in its tooltip, the timeline and the chart's description). Flagged readings are placed
 * first (over a marker if nothing else fits), then the last and the first, then the rest in order. Linear in the
 * points for each label placed, so quadratic at worst.
 */
export function placeLabels(
  points: readonly ChartPoint[],
  minX: number,
  maxX: number,
): Array<{ x: number; y: number } | null> {
  const markers: Box[] = points.map(({ cx, cy }) => [
    cx - MARKER_REACH,
    cy - MARKER_REACH,
    cx + MARKER_REACH,
    cy + MARKER_REACH,
  ]);
  const placedBoxes: Box[] = [];
  const placed: Array<{ x: number; y: number } | null> = points.map(() => null);
  const last = points.length - 1;
  const rank = (index: number) => (points[index]!.isFlagged ? 0 : index === last || index === 0 ? 1 : 2);
  const order = points.map((_, index) => index).sort((a, b) => rank(a) - rank(b) || a - b);
  for (const index of order) {
    const { cx, cy, text, isFlagged, width } = points[index]!;
    const halfWidth = (width ?? text.length * LABEL_CHAR_WIDTH) / 2;
    const x = Math.min(Math.max(cx, minX + halfWidth), maxX - halfWidth);
    const boxAt = (y: number): Box => [
      x - halfWidth - LABEL_GAP,
      y - LABEL_ASCENT,
      x + halfWidth + LABEL_GAP,
      y + LABEL_DESCENT,
    ];
    const isClearOfLabels = (box: Box) => placedBoxes.every((other) => !overlaps(box, other));
    const isClear = (box: Box) => isClearOfLabels(box) && markers.every((marker) => !overlaps(box, marker));
    // A flagged reading is labelled even where markers crowd: over a marker if it must, never over another label.
    const y =
      [cy - 10, cy + 20].find((candidate) => isClear(boxAt(candidate))) ??
      (isFlagged
        ? [cy - 10, cy + 20, cy - 26, cy + 36].find((candidate) => isClearOfLabels(boxAt(candidate)))
        : undefined);
    if (y === undefined) continue;
    placedBoxes.push(boxAt(y));
    placed[index] = { x, y };
  }
  return placed;
}

/** The years to mark on the time axis: each 1 January within the readings, at most about eight of them. */
function yearTicks(minDay: number, maxDay: number): Array<{ year: number; day: number }> {
  const firstYear = new Date(minDay * 86_400_000).getUTCFullYear();
  const lastYear = new Date(maxDay * 86_400_000).getUTCFullYear();
  const step = Math.max(1, Math.ceil((lastYear - firstYear) / 8));
  const ticks: Array<{ year: number; day: number }> = [];
  // Every 1 January up to lastYear's is on or before maxDay; only firstYear's can fall before minDay.
  for (let year = firstYear; year <= lastYear; year += step) {
    const day = Date.UTC(year, 0, 1) / 86_400_000;
    if (day >= minDay) ticks.push({ year, day });
  }
  return ticks.length > 0 ? ticks : [{ year: firstYear, day: minDay }];
}

/** The sentence a screen reader hears for the chart: how many readings, from what, and any that went down. */
export function describeReadings(readings: readonly TMileageReading[]): string {
  if (readings.length === 0) return 'No mileage readings yet.';
  const services = readings.filter((reading) => reading.source === 'service').length;
  const mots = readings.length - services;
  const first = readings[0]!;
  const last = readings[readings.length - 1]!;
  const lower = readings.filter((reading) => reading.isLowerThanEarlier);
  const parts = [
    `${readings.length} mileage ${readings.length === 1 ? 'reading' : 'readings'}: ${services} from services and ${mots} from MOT tests,`,
    `from ${formatWholeNumber(first.miles)} miles on ${formatServiceDate(first.date)} to ${formatWholeNumber(last.miles)} miles on ${formatServiceDate(last.date)}.`,
  ];
  parts.push(
    lower.length === 0
      ? 'No reading is lower than an earlier one.'
      : `${lower.length} ${lower.length === 1 ? 'reading is' : 'readings are'} lower than an earlier one: ${lower
          .map((reading) => `${formatWholeNumber(reading.miles)} miles on ${formatServiceDate(reading.date)}`)
          .join('; ')}.`,
  );
  return parts.join(' ');
}

/**
 * The vehicle's mileage over time from every source, as an SVG line: services are circles, MOT tests squares,
 * a reading lower than an earlier one a triangle with a "!" beside it. Each point is labelled with its value where
 * the label fits without covering another (placeLabels; a flagged reading first), every point names its reading in
 * a tooltip, and the legend names the shapes, so nothing depends on colour.
 */
export const MileageChart = memo(function MileageChart({ readings }: { readings: readonly TMileageReading[] }) {
  const titleId = useId();
  const descId = useId();
  const measureRef = useRef<SVGGElement>(null);
  const widths = useMeasuredWidths(measureRef, readings);
  if (readings.length === 0) return null;

  const days = readings.map((reading) => toDay(reading.date));
  const minDay = Math.min(...days);
  const maxDay = Math.max(...days);
  const maxMiles = Math.max(...readings.map((reading) => reading.miles), 1);
  const top = Math.ceil((maxMiles * 1.1) / 10_000) * 10_000;
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const x = (day: number) =>
    PAD.left + (maxDay === minDay ? plotWidth / 2 : ((day - minDay) / (maxDay - minDay)) * plotWidth);
  const y = (value: number) => PAD.top + plotHeight - (value / top) * plotHeight;
  const points = readings.map((reading, index) => ({
    reading,
    cx: x(days[index]!),
    cy: y(reading.miles),
    text: labelText(reading),
    isFlagged: reading.isLowerThanEarlier,
    width: widths?.[index],
  }));
  const labels = placeLabels(points, PAD.left - 8, WIDTH - 4);
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((share) => Math.round(top * share));
  const years = yearTicks(minDay, maxDay);

  return (
    <section className="report-chart card" aria-labelledby="report-chart-title">
      <h2 id="report-chart-title" className="report-section__title">
        Mileage from every source
      </h2>
      {/* On a narrow screen the chart keeps a readable size and scrolls sideways, by keyboard too. */}
      <div className="mileage-chart__scroll" tabIndex={0} role="group" aria-labelledby={titleId}>
        <svg
          className="mileage-chart"
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          role="img"
          aria-labelledby={titleId}
          aria-describedby={descId}
        >
          <title id={titleId}>Mileage over time, in miles</title>
          <desc id={descId}>{describeReadings(readings)}</desc>
          <g className="mileage-chart__axes" aria-hidden="true">
            {ticks.map((tick) => (
              <g key={tick}>
                <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} className="mileage-chart__grid" />
                <text x={PAD.left - 8} y={y(tick) + 4} textAnchor="end" className="mileage-chart__tick">
                  {formatWholeNumber(tick)}
                </text>
              </g>
            ))}
            {years.map(({ year, day }) => (
              <g key={year}>
                <line
                  x1={x(day)}
                  x2={x(day)}
                  y1={PAD.top + plotHeight}
                  y2={PAD.top + plotHeight + 5}
                  className="mileage-chart__grid"
                />
                <text x={x(day)} y={HEIGHT - 16} textAnchor="middle" className="mileage-chart__tick">
                  {year}
                </text>
              </g>
            ))}
          </g>
          <polyline
            className="mileage-chart__line"
            aria-hidden="true"
            fill="none"
            points={points.map((point) => `${point.cx},${point.cy}`).join(' ')}
          />
          <g className="mileage-chart__points">
            {points.map(({ reading, cx, cy, text }) => (
              <g
                key={reading.id}
                data-source={reading.source}
                data-lower={reading.isLowerThanEarlier || undefined}
                aria-hidden="true"
              >
                {/* A pointer's tooltip names every reading, labelled or not. */}
                <title>{`${text} miles, ${reading.source === 'mot' ? 'MOT test' : 'service'}, ${formatServiceDate(reading.date)}`}</title>
                <Marker reading={reading} cx={cx} cy={cy} />
              </g>
            ))}
          </g>
          {/* Every label drawn once unseen, so that each is placed by the width the browser gives it. */}
          <g ref={measureRef} className="mileage-chart__measure" visibility="hidden" aria-hidden="true">
            {points.map(({ reading, text }) => (
              <text key={reading.id} x={0} y={0}>
                {text}
              </text>
            ))}
          </g>
          {/* After every marker, so that no marker is drawn over a label. */}
          <g className="mileage-chart__labels" aria-hidden="true" data-placed={widths ? 'measured' : 'estimated'}>
            {points.map(({ reading, text }, index) => {
              const label = labels[index];
              return label ? (
                <text key={reading.id} x={label.x} y={label.y} textAnchor="middle" className="mileage-chart__label">
                  {text}
                </text>
              ) : null;
            })}
          </g>
        </svg>
      </div>
      <ul className="mileage-legend" aria-label="Chart key">
        <li>
          <svg width="14" height="14" aria-hidden="true">
            <circle cx="7" cy="7" r="5" className="mileage-chart__marker mileage-chart__marker--service" />
          </svg>
          Service logged here
        </li>
        <li>
          <svg width="14" height="14" aria-hidden="true">
            <rect x="2" y="2" width="10" height="10" className="mileage-chart__marker mileage-chart__marker--mot" />
          </svg>
          MOT test
        </li>
        <li>
          <svg width="14" height="14" aria-hidden="true">
            <path d="M7 1 L13 13 L1 13 Z" className="mileage-chart__marker mileage-chart__marker--lower" />
          </svg>
          ! Lower than an earlier reading
        </li>
      </ul>
    </section>
  );
});

/**
 * The width of each label as the browser draws it (getComputedTextLength, in the chart's units), measured from the
 * unseen copies in `group` once the readings are drawn; null until then, or where the browser does not lay out SVG.
 * Measured once the page is painted, when its layout is already done: measuring in a layout effect made the browser
 * lay out a whole vehicle's report inside React's commit, one long task on a phone (issue 26.4). Until then the labels
 * are placed by estimated widths, and moved only if a measured width says so.
 */
function useMeasuredWidths(
  group: RefObject<SVGGElement | null>,
  readings: readonly TMileageReading[],
): number[] | null {
  const [measured, setMeasured] = useState<{ key: string; widths: number[] } | null>(null);
  const key = readings.map(labelText).join('|');
  useEffect(() => {
    const measure = () => {
      const texts = group.current ? [...group.current.querySelectorAll('text')] : [];
      if (texts.length !== readings.length || texts.some((text) => typeof text.getComputedTextLength !== 'function'))
        return;
      const widths = texts.map((text) => text.getComputedTextLength());
      if (widths.every((width) => width > 0)) setMeasured({ key, widths });
    };
    // After the next frame is painted: its layout is then done, so reading the widths lays nothing out again.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame =
      typeof requestAnimationFrame === 'function'
        ? requestAnimationFrame(() => (timer = setTimeout(measure)))
        : undefined;
    if (frame === undefined) measure();
    return () => {
      if (frame !== undefined) cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [key]);
  return measured?.key === key ? measured.widths : null;
}

function Marker({ reading, cx, cy }: { reading: TMileageReading; cx: number; cy: number }) {
  if (reading.isLowerThanEarlier) {
    return (
      <path
        d={`M${cx} ${cy - 7} L${cx + 7} ${cy + 6} L${cx - 7} ${cy + 6} Z`}
        className="mileage-chart__marker mileage-chart__marker--lower"
      />
    );
  }
  if (reading.source === 'mot') {
    return (
      <rect x={cx - 5} y={cy - 5} width="10" height="10" className="mileage-chart__marker mileage-chart__marker--mot" />
    );
  }
  return <circle cx={cx} cy={cy} r="5" className="mileage-chart__marker mileage-chart__marker--service" />;
}
