import { useId } from 'react';

/**
 * Small inline SVG charts (no chart library): a bar chart and a line over months. Each is one image to assistive
 * technology (role img, named by its title and described by a sentence); the figures themselves are in a table
 * beside it, visually hidden, that the caller gives as `children`.
 */
export interface ChartPoint {
  /** Under the bar or point: a short month. */
  readonly label: string;
  readonly value: number;
  /** Over the bar: the value in words ("£1,240", "4.5"). */
  readonly shown: string;
}

const WIDTH = 640;
const HEIGHT = 220;
const TOP = 24;
const BOTTOM = 28;

export function BarChart({
  title,
  description,
  points,
  testId,
}: {
  title: string;
  description: string;
  points: readonly ChartPoint[];
  testId: string;
}) {
  const id = useId();
  const max = Math.max(1, ...points.map((p) => p.value));
  const slot = WIDTH / Math.max(1, points.length);
  const barWidth = slot * 0.6;
  const plot = HEIGHT - TOP - BOTTOM;
  return (
    <svg
      className="profile-chart"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      data-testid={testId}
      preserveAspectRatio="xMidYMid meet"
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{description}</desc>
      <line x1="0" x2={WIDTH} y1={HEIGHT - BOTTOM} y2={HEIGHT - BOTTOM} className="chart-axis" />
      {points.map((p, i) => {
        const h = (p.value / max) * plot;
        const x = i * slot + (slot - barWidth) / 2;
        return (
          <g key={p.label + i} className="chart-bar">
            <rect x={x} y={HEIGHT - BOTTOM - h} width={barWidth} height={h} rx="3" />
            {p.value > 0 ? (
              <text x={x + barWidth / 2} y={HEIGHT - BOTTOM - h - 6} textAnchor="middle" className="chart-value">
                {p.shown}
              </text>
            ) : null}
            <text x={x + barWidth / 2} y={HEIGHT - 8} textAnchor="middle" className="chart-label">
              {p.label}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

/** A line of values between `min` and `max` (the rating's 1 to 5), one point per entry. */
export function LineChart({
  title,
  description,
  points,
  min,
  max,
  testId,
}: {
  title: string;
  description: string;
  points: readonly ChartPoint[];
  min: number;
  max: number;
  testId: string;
}) {
  const id = useId();
  const plot = HEIGHT - TOP - BOTTOM;
  const slot = WIDTH / Math.max(1, points.length);
  const at = (i: number, value: number) => ({
    x: i * slot + slot / 2,
    y: TOP + plot - ((value - min) / (max - min)) * plot,
  });
  const line = points.map((p, i) => at(i, p.value)).map(({ x, y }) => `${x},${y}`);
  return (
    <svg
      className="profile-chart"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      data-testid={testId}
      preserveAspectRatio="xMidYMid meet"
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{description}</desc>
      {[min, (min + max) / 2, max].map((v) => (
        <g key={v}>
          <line x1="0" x2={WIDTH} y1={at(0, v).y} y2={at(0, v).y} className="chart-grid" />
          <text x="4" y={at(0, v).y - 4} className="chart-label">
            {v}
          </text>
        </g>
      ))}
      <polyline points={line.join(' ')} className="chart-line" fill="none" />
      {points.map((p, i) => {
        const { x, y } = at(i, p.value);
        return (
          <g key={p.label + i}>
            <circle cx={x} cy={y} r="5" className="chart-point" />
            <text x={x} y={y - 10} textAnchor="middle" className="chart-value">
              {p.shown}
            </text>
            <text x={x} y={HEIGHT - 8} textAnchor="middle" className="chart-label">
              {p.label}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
