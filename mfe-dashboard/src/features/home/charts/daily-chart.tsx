import styled from 'styled-components';
import { formatMoney } from '@cuota/ui/money';

const W = 620;
const H = 200;
const PAD = { top: 22, right: 8, bottom: 28, left: 8 };
const TICKS = [1, 5, 10, 15, 20, 25, 30];

const Svg = styled.svg`
  display: block;
  width: 100%;
  height: auto;
  font-size: 11px;
  /* The chart scales down with the card: at phone width 11 units would print ~6 px. */
  @media (max-width: 480px) {
    font-size: 20px;
  }
  font-variant-numeric: ${({ theme }) => theme.fonts.numbers};
  & text {
    fill: ${({ theme }) => theme.colors.mutedText};
  }
  & line {
    stroke: ${({ theme }) => theme.colors.border};
  }
  & rect {
    fill: ${({ theme }) => theme.colors.primary};
  }
  & polyline {
    fill: none;
    stroke: ${({ theme }) => theme.colors.neutral};
    stroke-opacity: 0.35;
    stroke-width: 2;
  }
`;

/**
 * This month's collections a bar a day, last month's as a faint line over the same days:
 * an SVG that scales to the card's width (the table behind it is the screen readers').
 */
export function DailyChart({
  current,
  previous,
}: {
  /** Net collected on day 1, 2, … of this month (up to today). */
  current: number[];
  /** The same for last month, every day of it. */
  previous: number[];
}) {
  const days = Math.max(current.length, previous.length, 28);
  const top = Math.max(1, ...current, ...previous);
  const slot = (W - PAD.left - PAD.right) / days;
  const x = (day: number) => PAD.left + slot * (day - 0.5);
  const y = (centavos: number) =>
    PAD.top + (H - PAD.top - PAD.bottom) * (1 - Math.max(0, centavos) / top);
  const line = previous.map((c, i) => `${x(i + 1).toFixed(1)},${y(c).toFixed(1)}`).join(' ');
  return (
    <Svg viewBox={`0 0 ${W} ${H}`} aria-hidden data-testid="daily-chart">
      <text x={PAD.left} y={16}>
        {formatMoney(top)}
      </text>
      <line x1={PAD.left} x2={W - PAD.right} y1={H - PAD.bottom} y2={H - PAD.bottom} />
      {current.map((c, i) => (
        <rect
          key={i}
          x={x(i + 1) - slot * 0.35}
          width={slot * 0.7}
          y={y(c)}
          height={H - PAD.bottom - y(c)}
        />
      ))}
      {previous.length > 0 && <polyline points={line} />}
      {TICKS.filter((d) => d <= days).map((d) => (
        <text key={d} x={x(d)} y={H - 4} textAnchor="middle">
          {d}
        </text>
      ))}
    </Svg>
  );
}
