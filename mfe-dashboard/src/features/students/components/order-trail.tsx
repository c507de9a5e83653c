import type { OrderAdjustment } from '@cuota/contracts/billing/corrections';
import { formatDate, formatInstant } from '@cuota/ui/dates';
import { formatMoney } from '@cuota/ui/money';

const KIND_LABELS: Record<OrderAdjustment['kind'], string> = {
  scholarship: 'Beca',
  discount: 'Descuento',
  surcharge: 'Recargo especial',
  interest_forgiven: 'Recargos',
  base_edited: 'Monto base',
  price_changed: 'Cambio de precio del concepto',
  canceled: 'Cancelación',
  reinstated: 'Reactivación',
  due_edited: 'Vencimiento',
  scholarship_avoided: 'Beca quitada',
  scholarship_forced: 'Beca forzada',
  replaced: 'Orden reemplazada',
};
const FIELD_LABELS: Record<string, string> = {
  amount_centavos: 'Monto base',
  scholarship_centavos: 'Beca',
  discount_centavos: 'Descuentos',
  surcharge_centavos: 'Recargos especiales',
  total_centavos: 'Total',
  interest_forgiven: 'Recargos condonados',
  due_on: 'Vence',
  canceled_at: 'Cancelada',
  scholarship_rule: 'Regla de beca',
  late_fee: 'Recargo',
};

type Value = OrderAdjustment['changes'][number]['before'];
function shown(field: string, value: Value): string {
  if (value === null) return '—';
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (typeof value === 'number' && field.endsWith('_centavos')) return formatMoney(value);
  if (field === 'due_on') return formatDate(String(value));
  if (field === 'canceled_at') return formatInstant(String(value));
  return String(value);
}

/** The order's corrections, oldest first: when, what, who, from what to what, and why. */
export function OrderTrail({ adjustments }: { adjustments: OrderAdjustment[] }) {
  if (adjustments.length === 0) return <p>Esta orden no tiene correcciones.</p>;
  return (
    <ol aria-label="Historial de correcciones">
      {adjustments.map((a) => (
        <li key={a.id}>
          <strong>{KIND_LABELS[a.kind]}</strong> · {formatInstant(a.adjusted_at)} ·{' '}
          {a.adjusted_by_name ?? a.adjusted_by ?? 'Cobranza automática'}
          <ul>
            {a.changes
              .filter((c) => c.before !== c.after)
              .map((c) => (
                <li key={c.field}>
                  {FIELD_LABELS[c.field] ?? c.field}: {shown(c.field, c.before)} →{' '}
                  {shown(c.field, c.after)}
                </li>
              ))}
          </ul>
          <div>Motivo: {a.reason}</div>
        </li>
      ))}
    </ol>
  );
}
