import { CONCEPT_TYPE_LABELS } from '@cuota/contracts/billing/concepts';
import type { Allocation } from '@cuota/contracts/payments/payins';
import { DataTable } from '@cuota/ui/data-table';
import { formatPeriod } from '@cuota/ui/dates';
import { MoneyText } from '@cuota/ui/money-text';

/** Where a payment went: each order it paid, late fee first, then the base amount. */
export function AllocationsTable({ allocations }: { allocations: Allocation[] }) {
  return (
    <DataTable<Allocation>
      caption="Aplicado a"
      rows={allocations}
      rowKey={(a) => a.order_id}
      empty={<p>Este pago no se aplicó a ninguna orden.</p>}
      columns={[
        {
          header: 'Concepto',
          cell: (a) => `${a.concept_name} (${CONCEPT_TYPE_LABELS[a.concept_type]})`,
        },
        { header: 'Periodo', cell: (a) => (a.period ? formatPeriod(a.period) : '—') },
        { header: 'Monto', align: 'end', cell: (a) => <MoneyText centavos={a.base_centavos} /> },
        {
          header: 'Recargo',
          align: 'end',
          cell: (a) => <MoneyText centavos={a.late_fee_centavos} />,
        },
      ]}
    />
  );
}
