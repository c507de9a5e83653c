import styled from 'styled-components';
import {
  AGING_BUCKET_LABELS,
  AGING_BUCKETS,
  type Aging,
} from '@cuota/contracts/billing/delinquency';
import { formatMoney } from '@cuota/ui/money';

const ROW = 36;
const LABEL = 130;
const BAR = 300;
const AMOUNT = 140;

const Svg = styled.svg`
  max-width: 100%;
  height: auto;
  font-size: ${({ theme }) => theme.fontSizes.small};
  font-variant-numeric: ${({ theme }) => theme.fonts.numbers};
  rect {
    fill: ${({ theme }) => theme.colors.primary};
  }
  text {
    fill: ${({ theme }) => theme.colors.text};
  }
`;

/**
 * The aging buckets as horizontal bars (plain SVG: four bars need no chart library). Its
 * label reads every amount, so a screen reader gets what the bars show.
 */
export function AgingChart({ aging }: { aging: Aging }) {
  const widest = Math.max(1, ...AGING_BUCKETS.map((b) => aging[b]));
  const label = AGING_BUCKETS.map((b) => `${AGING_BUCKET_LABELS[b]}: ${formatMoney(aging[b])}`);
  return (
    <Svg
      role="img"
      aria-label={`Vencido por antigüedad. ${label.join('; ')}.`}
      viewBox={`0 0 ${LABEL + BAR + AMOUNT} ${ROW * AGING_BUCKETS.length}`}
      width={LABEL + BAR + AMOUNT}
    >
      {AGING_BUCKETS.map((bucket, i) => (
        <g key={bucket} transform={`translate(0 ${i * ROW})`}>
          <text x={0} y={ROW / 2} dominantBaseline="middle">
            {AGING_BUCKET_LABELS[bucket]}
          </text>
          <rect x={LABEL} y={8} height={ROW - 16} width={(aging[bucket] / widest) * BAR} rx={3} />
          <text x={LABEL + BAR + 8} y={ROW / 2} dominantBaseline="middle">
            {formatMoney(aging[bucket])}
          </text>
        </g>
      ))}
    </Svg>
  );
}
