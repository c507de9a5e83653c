import { CONCEPT_TYPE_LABELS } from '@cuota/contracts/billing/concepts';
import type { DeskFamily, DeskOrder } from '@cuota/contracts/payments/desk';
import { DataTable } from '@cuota/ui/data-table';
import { DateText } from '@cuota/ui/date-text';
import { formatPeriod } from '@cuota/ui/dates';
import { MoneyText } from '@cuota/ui/money-text';
import { Notice } from '@cuota/ui/notice';

interface Props {
  family: DeskFamily;
  chosen: ReadonlySet<string>;
  onToggle: (orderId: string) => void;
}

const conceptOf = (o: DeskOrder) =>
  `${o.concept_name}${o.period ? ` · ${formatPeriod(o.period)}` : ''}`;

/**
 * What the student and siblings owe today, one table per student, each order with a box:
 * what this payment is for (all of them unless the cashier unticks some).
 */
export function DeskFamilyOrders({ family, chosen, onToggle }: Props) {
  return (
    <>
      <p>
        La familia debe hoy{' '}
        <strong>
          <MoneyText centavos={family.owed_centavos} />
        </strong>
        {family.credit_centavos > 0 && (
          <>
            {' '}
            y tiene <MoneyText centavos={family.credit_centavos} /> de saldo a favor
          </>
        )}
        .
      </p>
      <RefundOwedNotice family={family} />
      {family.students.map((student) => (
        <DataTable<DeskOrder>
          key={student.student_id}
          caption={`${student.name}${student.credit_centavos > 0 ? ' (con saldo a favor)' : ''}`}
          rows={student.orders}
          rowKey={(o) => o.order_id}
          empty={<p>{student.name} no tiene cargos pendientes.</p>}
          columns={[
            {
              header: 'Pagar',
              cell: (o) => (
                <input
                  type="checkbox"
                  aria-label={`Pagar ${conceptOf(o)} de ${student.name}`}
                  checked={chosen.has(o.order_id)}
                  onChange={() => onToggle(o.order_id)}
                />
              ),
            },
            {
              header: 'Concepto',
              cell: (o) => `${conceptOf(o)} (${CONCEPT_TYPE_LABELS[o.concept_type]})`,
            },
            { header: 'Vence', cell: (o) => <DateText date={o.due_on} /> },
            {
              header: 'Recargo',
              align: 'end',
              cell: (o) => <MoneyText centavos={o.late_fee_due_centavos} />,
            },
            {
              header: 'Por pagar',
              align: 'end',
              cell: (o) => <MoneyText centavos={o.base_due_centavos + o.late_fee_due_centavos} />,
            },
          ]}
        />
      ))}
    </>
  );
}

/**
 * What a card refund left the family owing (ADR 0036): the payment pays it before any order,
 * so the cashier says so before taking the money.
 */
function RefundOwedNotice({ family }: { family: DeskFamily }) {
  if (family.refund_owed_centavos === 0) return null;
  const owing = family.students.filter((s) => s.refund_owed_centavos > 0);
  return (
    <Notice tone="warning">
      <p>
        Reembolso por recuperar: <MoneyText centavos={family.refund_owed_centavos} /> (
        {owing.map((s, i) => (
          <span key={s.student_id}>
            {i > 0 && ', '}
            {s.name}: <MoneyText centavos={s.refund_owed_centavos} />
          </span>
        ))}
        ). Un reembolso devolvió saldo a favor que ya había pagado otros cargos; este pago lo cubre
        antes que cualquier cargo.
      </p>
    </Notice>
  );
}
