import { CONCEPT_TYPE_LABELS } from '@cuota/contracts/billing/concepts';
import type { Allocation } from '@cuota/contracts/payments/payins';
import { CellNote } from '@cuota/ui/cell-note';
import { DataTable } from '@cuota/ui/data-table';
import { formatPeriod } from '@cuota/ui/dates';
import { MoneyText } from '@cuota/ui/money-text';

/**
 * Where a payment went: each order it paid, late fee first, then the base amount. `reversed`
 * is what voids and refunds took back off each order (by order id): an order wholly taken
 * back is struck and labelled «Revertido», one partly taken back says what stays applied.
 */
export function AllocationsTable({
  allocations,
  reversed = new Map(),
}: {
  allocations: Allocation[];
  reversed?: ReadonlyMap<string, number>;
}) {
  const taken = (a: Allocation) => reversed.get(a.order_id) ?? 0;
  const amount = (a: Allocation, centavos: number) =>
    taken(a) >= a.base_centavos + a.late_fee_centavos ? (
      <s>
        <MoneyText centavos={centavos} />
      </s>
    ) : (
      <MoneyText centavos={centavos} />
    );
  return (
    <DataTable<Allocation>
      caption="Aplicado a"
      rows={allocations}
      rowKey={(a) => a.order_id}
      empty={<p>Este pago no se aplicó a ninguna orden.</p>}
      columns={[
        {
          header: 'Concepto',
          cell: (a) => (
            <>
              {`${a.concept_name} (${CONCEPT_TYPE_LABELS[a.concept_type]})`}
              <ReversedNote allocation={a} reversed={taken(a)} />
            </>
          ),
        },
        { header: 'Periodo', cell: (a) => (a.period ? formatPeriod(a.period) : '—') },
        { header: 'Monto', align: 'end', cell: (a) => amount(a, a.base_centavos) },
        { header: 'Recargo', align: 'end', cell: (a) => amount(a, a.late_fee_centavos) },
      ]}
    />
  );
}

function ReversedNote({ allocation, reversed }: { allocation: Allocation; reversed: number }) {
  if (!reversed) return null;
  const paid = allocation.base_centavos + allocation.late_fee_centavos;
  if (reversed >= paid) return <CellNote>Revertido</CellNote>;
  return (
    <CellNote>
      Revertido: <MoneyText centavos={reversed} /> · sigue aplicado:{' '}
      <MoneyText centavos={paid - reversed} />
    </CellNote>
  );
}
