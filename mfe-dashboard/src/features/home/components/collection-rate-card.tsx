import type { MonthFigures } from '@cuota/contracts/billing/month-figures';
import { formatPeriod } from '@cuota/ui/dates';
import { formatMoney } from '@cuota/ui/money';
import { MoneyText } from '@cuota/ui/money-text';
import { useHomeMonthFiguresQuery } from '../api/home-api';
import { formatRate, levelLabel, monthTotals, rateOf } from '../home-format';
import { RateChart } from '../charts/rate-chart';
import { ChartTable } from './chart-table';
import { Figures, FigureCard } from './figure-card';

/** How much of the month's billing is collected, in all and by level. */
export function CollectionRateCard({ schoolId, today }: { schoolId: string; today: string }) {
  const query = useHomeMonthFiguresQuery({ schoolId, month: today.slice(0, 7) });
  return (
    <FigureCard title="Tasa de cobro del mes" query={query}>
      {(figures) => <CollectionRate figures={figures} />}
    </FigureCard>
  );
}

export function CollectionRate({ figures }: { figures: MonthFigures }) {
  const month = formatPeriod(figures.month);
  if (figures.levels.length === 0) return <p>No hay cargos que venzan en {month}.</p>;
  const totals = monthTotals(figures.levels);
  return (
    <>
      <Figures>
        <div>
          <dt>Facturado en {month}</dt>
          <dd>
            <MoneyText centavos={totals.billed} />
          </dd>
        </div>
        <div>
          <dt>Cobrado de eso</dt>
          <dd>
            <MoneyText centavos={totals.collected} />
          </dd>
        </div>
        <div>
          <dt>Tasa de cobro</dt>
          <dd>{formatRate(totals.rate)}</dd>
        </div>
      </Figures>
      <RateChart levels={figures.levels} />
      <ChartTable
        caption={`Tasa de cobro por nivel, ${month}`}
        headers={['Nivel', 'Facturado', 'Cobrado', 'Tasa de cobro']}
        rows={figures.levels.map((l) => ({
          key: l.level ?? 'none',
          cells: [
            levelLabel(l.level),
            formatMoney(l.billed_centavos),
            formatMoney(l.collected_centavos),
            formatRate(rateOf(l.billed_centavos, l.collected_centavos)),
          ],
        }))}
      />
    </>
  );
}
