import styled from 'styled-components';
import {
  AGING_BUCKET_LABELS,
  AGING_BUCKETS,
  type Aging,
} from '@cuota/contracts/billing/delinquency';
import { formatMoney } from '@cuota/ui/money';

/** Label, bar, amount: one row a bucket, text at the page's size at any width. */
const Chart = styled.div`
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr) max-content;
  gap: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  align-items: center;
  max-width: 640px;
  margin: ${({ theme }) => `${theme.space(3)} 0 ${theme.space(4)}`};
  font-size: ${({ theme }) => theme.fontSizes.small};
  font-variant-numeric: ${({ theme }) => theme.fonts.numbers};
`;

const Bar = styled.span<{ $share: number }>`
  display: block;
  height: 20px;
  min-width: 2px;
  width: ${({ $share }) => `${($share * 100).toFixed(2)}%`};
  border-radius: 3px;
  background: ${({ theme }) => theme.colors.primary};
`;

/**
 * The aging buckets as horizontal bars (four bars need no chart library). Its label reads
 * every amount, so a screen reader gets what the bars show.
 */
export function AgingChart({ aging }: { aging: Aging }) {
  const widest = Math.max(1, ...AGING_BUCKETS.map((b) => aging[b]));
  const label = AGING_BUCKETS.map((b) => `${AGING_BUCKET_LABELS[b]}: ${formatMoney(aging[b])}`);
  return (
    <Chart role="img" aria-label={`Vencido por antigüedad. ${label.join('; ')}.`}>
      {AGING_BUCKETS.map((bucket) => [
        <span key={`${bucket}-label`} aria-hidden>
          {AGING_BUCKET_LABELS[bucket]}
        </span>,
        <Bar key={`${bucket}-bar`} $share={aging[bucket] / widest} aria-hidden />,
        <span key={`${bucket}-amount`} aria-hidden>
          {formatMoney(aging[bucket])}
        </span>,
      ])}
    </Chart>
  );
}
