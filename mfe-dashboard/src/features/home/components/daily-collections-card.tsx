import styled from 'styled-components';
import type { Collections } from '@cuota/contracts/payments/figures';
import { formatPeriod } from '@cuota/ui/dates';
import { formatMoney } from '@cuota/ui/money';
import { useHomeCollectionsQuery } from '../api/home-api';
import { dayOfMonth, daysInMonth, lastMonth, monthStart } from '@cuota/contracts/common/months';
import { DailyChart } from '../charts/daily-chart';
import { ChartTable } from './chart-table';
import { FigureCard } from './figure-card';

const Legend = styled.p`
  color: ${({ theme }) => theme.colors.mutedText};
  font-size: ${({ theme }) => theme.fontSizes.small};
`;

const moneyOrDash = (centavos: number | undefined) =>
  centavos === undefined ? '—' : formatMoney(centavos);

/** Net collected on each day of a month, every method added (index 0 is day 1). */
export function perDay(collections: Collections, days: number): number[] {
  const sums = Array.from({ length: days }, () => 0);
  for (const d of collections.days) sums[dayOfMonth(d.date) - 1]! += d.net_centavos;
  return sums;
}

/** Collections a day this month, with last month faint behind them. */
export function DailyCollectionsCard({ schoolId, today }: { schoolId: string; today: string }) {
  const before = lastMonth(today);
  const current = useHomeCollectionsQuery({ schoolId, from: monthStart(today), to: today });
  const previous = useHomeCollectionsQuery({ schoolId, ...before });
  const query = {
    data:
      current.data && previous.data
        ? {
            current: perDay(current.data, dayOfMonth(today)),
            previous: perDay(previous.data, daysInMonth(before.from)),
          }
        : undefined,
    error: current.error ?? previous.error,
    refetch: () => {
      void current.refetch();
      void previous.refetch();
    },
  };
  const month = formatPeriod(today.slice(0, 7));
  const prior = formatPeriod(before.from.slice(0, 7));
  return (
    <FigureCard title="Cobranza por día" query={query}>
      {(data) =>
        ![...data.current, ...data.previous].some((c) => c > 0) ? (
          <p>
            Sin cobros en {month} ni en {prior}.
          </p>
        ) : (
          <>
            <DailyChart {...data} />
            <Legend aria-hidden>
              Barras: {month}. Línea tenue: {prior}.
            </Legend>
            <ChartTable
              caption={`Cobrado por día en ${month} y en ${prior}`}
              headers={['Día', month, prior]}
              rows={Array.from(
                { length: Math.max(data.current.length, data.previous.length) },
                (_, i) => ({
                  key: String(i + 1),
                  cells: [
                    String(i + 1),
                    moneyOrDash(data.current[i]),
                    moneyOrDash(data.previous[i]),
                  ],
                }),
              )}
            />
          </>
        )
      }
    </FigureCard>
  );
}
