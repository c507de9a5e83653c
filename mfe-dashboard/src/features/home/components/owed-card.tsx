import type { Delinquency } from '@cuota/contracts/billing/delinquency';
import type { MonthFigures } from '@cuota/contracts/billing/month-figures';
import { MoneyText } from '@cuota/ui/money-text';
import { UtmLink } from '@cuota/web-core/routing/utm-link';
import { AgingChart } from '../../../components/aging-chart';
import { useHomeDelinquencyQuery, useHomeMonthFiguresQuery } from '../api/home-api';
import { Figures, FigureCard } from './figure-card';

interface Owed {
  figures: MonthFigures;
  delinquency: Delinquency;
}

/** What families owe: not yet due, past due (late fees in), and the past due by age. */
export function OwedCard({ schoolId, today }: { schoolId: string; today: string }) {
  const figures = useHomeMonthFiguresQuery({ schoolId, month: today.slice(0, 7) });
  const delinquency = useHomeDelinquencyQuery(schoolId);
  const query = {
    data:
      figures.data && delinquency.data
        ? { figures: figures.data, delinquency: delinquency.data }
        : undefined,
    error: figures.error ?? delinquency.error,
    refetch: () => {
      void figures.refetch();
      void delinquency.refetch();
    },
  };
  return (
    <FigureCard title="Por cobrar" query={query}>
      {(data) => <OwedFigures {...data} />}
    </FigureCard>
  );
}

export function OwedFigures({ figures, delinquency }: Owed) {
  const overdue = delinquency.totals.total;
  return (
    <>
      <Figures>
        <div>
          <dt>Total por cobrar</dt>
          <dd>
            <MoneyText centavos={figures.not_due_centavos + overdue} />
          </dd>
        </div>
        <div>
          <dt>Vencido (con recargos)</dt>
          <dd>
            <MoneyText centavos={overdue} />
          </dd>
        </div>
        <div>
          <dt>Por vencer</dt>
          <dd>
            <MoneyText centavos={figures.not_due_centavos} />
          </dd>
        </div>
      </Figures>
      <AgingChart aging={delinquency.totals} />
      <p>
        {delinquency.totals.students === 1
          ? '1 alumno tiene pagos vencidos. '
          : `${delinquency.totals.students} alumnos tienen pagos vencidos. `}
        <UtmLink to="/dashboard/delinquency">Ver la morosidad por nivel y grupo</UtmLink>
      </p>
    </>
  );
}
