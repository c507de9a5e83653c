import styled from 'styled-components';
import type { MonthFigures } from '@cuota/contracts/billing/month-figures';
import { formatRate, levelLabel, rateOf } from '../home-format';

const Chart = styled.div`
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr) max-content;
  gap: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  align-items: center;
  font-size: ${({ theme }) => theme.fontSizes.small};
  font-variant-numeric: ${({ theme }) => theme.fonts.numbers};
`;

/** The whole bar is what was billed; the filled part what was collected of it. */
const Track = styled.span`
  display: block;
  height: 16px;
  border-radius: 3px;
  background: ${({ theme }) => theme.colors.neutralSurface};
  overflow: hidden;
`;
const Fill = styled.span<{ $share: number }>`
  display: block;
  height: 100%;
  width: ${({ $share }) => `${(Math.min(1, $share) * 100).toFixed(2)}%`};
  background: ${({ theme }) => theme.colors.success};
`;

/** Collection rate by level as bars (the table behind it is the screen readers'). */
export function RateChart({ levels }: { levels: MonthFigures['levels'] }) {
  return (
    <Chart aria-hidden data-testid="rate-chart">
      {levels.map((l) => {
        const rate = rateOf(l.billed_centavos, l.collected_centavos);
        return [
          <span key={`${l.level}-label`}>{levelLabel(l.level)}</span>,
          <Track key={`${l.level}-bar`}>
            <Fill $share={rate ?? 0} />
          </Track>,
          <span key={`${l.level}-rate`}>{formatRate(rate)}</span>,
        ];
      })}
    </Chart>
  );
}
