import type { Collections } from '@cuota/contracts/payments/figures';
import styled from 'styled-components';
import { formatPeriod } from '@cuota/ui/dates';
import { MoneyText } from '@cuota/ui/money-text';
import { dayOfMonth, lastMonth, sameDaysMonthsBefore } from '@cuota/contracts/common/months';
import { useHomeCollectionsQuery, useHomeCollectionsWithin } from '../api/home-api';
import { Figures, FigureCard } from './figure-card';

/** This month, last month and this month a cycle ago: months back from today's. */
const COMPARED = [
  { months: 0, label: 'Este mes' },
  { months: 1, label: 'Mes anterior' },
  { months: 12, label: 'Mismo mes del ciclo anterior' },
] as const;

const Change = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.mutedText};
  font-size: ${({ theme }) => theme.fontSizes.small};
  font-weight: normal;
`;

const Span = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(2)};
  color: ${({ theme }) => theme.colors.mutedText};
`;

const spanText = (day: number) =>
  day === 1 ? 'Lo cobrado el día 1 de cada mes.' : `Lo cobrado del 1 al ${day} de cada mes.`;

const change = new Intl.NumberFormat('es-MX', {
  style: 'percent',
  maximumFractionDigits: 0,
  signDisplay: 'exceptZero',
});

/** How this month so far stands against `other` for the same days; a dash when that was 0. */
export const changeAgainst = (current: number, other: number) =>
  other > 0 ? change.format((current - other) / other) : '—';

/**
 * Collected this month so far beside the same days of last month and of this month a cycle
 * ago (issue 23: how this month compares with both), net of refunds.
 */
export function MonthComparisonCard({ schoolId, today }: { schoolId: string; today: string }) {
  const spans = COMPARED.map(({ months }) => sameDaysMonthsBefore(today, months));
  const answers = [
    useHomeCollectionsQuery({ schoolId, ...spans[0]! }),
    // Last month's days come with the whole month the daily chart reads.
    useHomeCollectionsWithin({ schoolId, ...lastMonth(today) }, spans[1]!),
    useHomeCollectionsQuery({ schoolId, ...spans[2]! }),
  ];
  const query = {
    data: answers.every((a) => a.data) ? answers.map((a) => a.data as Collections) : undefined,
    error: answers.map((a) => a.error).find(Boolean),
    refetch: () => answers.forEach((a) => void a.refetch()),
  };
  return (
    <FigureCard title="Comparación del mes" query={query}>
      {(collections) => {
        const current = collections[0]!.total.net_centavos;
        return (
          <>
            <Span>{spanText(dayOfMonth(today))}</Span>
            <Figures>
              {COMPARED.map(({ label }, i) => (
                <div key={label}>
                  <dt>
                    {label} ({formatPeriod(spans[i]!.from.slice(0, 7))})
                  </dt>
                  <dd>
                    <MoneyText centavos={collections[i]!.total.net_centavos} />
                    {i > 0 && (
                      <Change>
                        Este mes: {changeAgainst(current, collections[i]!.total.net_centavos)}
                      </Change>
                    )}
                  </dd>
                </div>
              ))}
            </Figures>
          </>
        );
      }}
    </FigureCard>
  );
}
