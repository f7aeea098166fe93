import { useId } from 'react';
import { formatServiceDate } from '../../lib/format';
import type { TMileageReading } from './report-model';

const WIDTH = 640;
const HEIGHT = 280;
const PAD = { top: 28, right: 56, bottom: 48, left: 72 };
const miles = new Intl.NumberFormat('en-GB');

function toDay(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) / 86_400_000;
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
    `from ${miles.format(first.miles)} miles on ${formatServiceDate(first.date)} to ${miles.format(last.miles)} miles on ${formatServiceDate(last.date)}.`,
  ];
  parts.push(
    lower.length === 0
      ? 'No reading is lower than an earlier one.'
      : `${lower.length} ${lower.length === 1 ? 'reading is' : 'readings are'} lower than an earlier one: ${lower
          .map((reading) => `${miles.format(reading.miles)} miles on ${formatServiceDate(reading.date)}`)
          .join('; ')}.`,
  );
  return parts.join(' ');
}

/**
 * The vehicle's mileage over time from every source, as an SVG line: services are circles, MOT tests squares,
 * a reading lower than an earlier one a triangle with a "!" beside it. Each point is labelled with its value,
 * and the legend names the shapes, so nothing depends on colour.
 */
export function MileageChart({ readings }: { readings: readonly TMileageReading[] }) {
  const titleId = useId();
  const descId = useId();
  if (readings.length === 0) return null;

  const days = readings.map((reading) => toDay(reading.date));
  const minDay = Math.min(...days);
  const maxDay = Math.max(...days);
  const maxMiles = Math.max(...readings.map((reading) => reading.miles), 1);
  const top = Math.ceil((maxMiles * 1.1) / 10_000) * 10_000;
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const x = (day: number) => PAD.left + (maxDay === minDay ? plotWidth / 2 : ((day - minDay) / (maxDay - minDay)) * plotWidth);
  const y = (value: number) => PAD.top + plotHeight - (value / top) * plotHeight;
  // A label sits above its point, or below it when the point before is so close that the two would overlap.
  const points: Array<{ reading: TMileageReading; cx: number; cy: number; labelY: number }> = [];
  readings.forEach((reading, index) => {
    const cx = x(days[index]!);
    const cy = y(reading.miles);
    const previous = points[index - 1];
    const isCrowded = previous !== undefined && cx - previous.cx < 56 && Math.abs(previous.labelY - (cy - 10)) < 16;
    points.push({ reading, cx, cy, labelY: isCrowded ? cy + 22 : cy - 10 });
  });
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((share) => Math.round(top * share));
  const firstYear = new Date(minDay * 86_400_000).getUTCFullYear();
  const lastYear = new Date(maxDay * 86_400_000).getUTCFullYear();

  return (
    <section className="report-chart card" aria-labelledby="report-chart-title">
      <h2 id="report-chart-title" className="report-section__title">
        Mileage from every source
      </h2>
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
                {miles.format(tick)}
              </text>
            </g>
          ))}
          <text x={PAD.left} y={HEIGHT - 16} className="mileage-chart__tick">
            {firstYear}
          </text>
          <text x={WIDTH - PAD.right} y={HEIGHT - 16} textAnchor="end" className="mileage-chart__tick">
            {lastYear}
          </text>
        </g>
        <polyline
          className="mileage-chart__line"
          aria-hidden="true"
          fill="none"
          points={points.map((point) => `${point.cx},${point.cy}`).join(' ')}
        />
        <g className="mileage-chart__points">
          {points.map(({ reading, cx, cy, labelY }) => (
            <g key={reading.id} data-source={reading.source} data-lower={reading.isLowerThanEarlier || undefined} aria-hidden="true">
              <Marker reading={reading} cx={cx} cy={cy} />
              <text x={cx} y={labelY} textAnchor="middle" className="mileage-chart__label">
                {reading.isLowerThanEarlier ? `! ${miles.format(reading.miles)}` : miles.format(reading.miles)}
              </text>
            </g>
          ))}
        </g>
      </svg>
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
}

function Marker({ reading, cx, cy }: { reading: TMileageReading; cx: number; cy: number }) {
  if (reading.isLowerThanEarlier) {
    return <path d={`M${cx} ${cy - 7} L${cx + 7} ${cy + 6} L${cx - 7} ${cy + 6} Z`} className="mileage-chart__marker mileage-chart__marker--lower" />;
  }
  if (reading.source === 'mot') {
    return <rect x={cx - 5} y={cy - 5} width="10" height="10" className="mileage-chart__marker mileage-chart__marker--mot" />;
  }
  return <circle cx={cx} cy={cy} r="5" className="mileage-chart__marker mileage-chart__marker--service" />;
}
