import { PAYMENT_METHOD_LABELS, type PayinFilter } from '@cuota/contracts/payments/payins';
import { MoneyText } from '@cuota/ui/money-text';
import { usePayinStatsQuery } from '../api/payins-figures-api';

/** The filtered set's totals: every payin it holds, and the money paid and kept, by method. */
export function PayinsTotals({ schoolId, filters }: { schoolId: string; filters: PayinFilter }) {
  const stats = usePayinStatsQuery({ schoolId, filters }).currentData;
  if (!stats) return null;
  const n = (count: number) => `${count.toLocaleString('es-MX')} ${count === 1 ? 'pago' : 'pagos'}`;
  return (
    <section aria-label="Totales de los pagos filtrados">
      <p>
        <strong>Cobrado:</strong> <MoneyText centavos={stats.paid_centavos} /> en{' '}
        {n(stats.paid_payins)} · Con estos filtros: {n(stats.payins)} por{' '}
        <MoneyText centavos={stats.amount_centavos} />
      </p>
      {stats.by_method.length > 0 && (
        <ul aria-label="Cobrado por método">
          {stats.by_method.map((m) => (
            <li key={m.method}>
              {PAYMENT_METHOD_LABELS[m.method]}: <MoneyText centavos={m.amount_centavos} /> (
              {n(m.payins)})
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
