import type {
  CashClosing,
  CashierClosing,
  CashMovement,
  MethodTotals,
} from '@cuota/contracts/payments/cash-closing';
import type { DeskMovementRow } from './cash-movement-repository';

const KIND_WORDS: Record<DeskMovementRow['kind'], string> = {
  payin: 'Pago',
  void: 'Anulación',
  credit_refund: 'Devolución de saldo a favor',
};

/** Received, voided and refunded money of one method, and what is left in hand. */
export function totalsOf(movements: CashMovement[], method: CashMovement['method']): MethodTotals {
  const sum = (kind: CashMovement['kind']) =>
    movements
      .filter((m) => m.method === method && m.kind === kind)
      .reduce((s, m) => s + Math.abs(m.amount_centavos), 0);
  const received = sum('payin');
  const voided = sum('void');
  const refunded = sum('credit_refund');
  return {
    received_centavos: received,
    voided_centavos: voided,
    refunded_centavos: refunded,
    net_centavos: received - voided - refunded,
  };
}

/**
 * The corte of a day (ADR 0036): each cashier's movements and totals by method, the day's
 * totals, and — when every cashier is in it — whether its cash equals the ledger's cash_desk.
 */
export function closingOf(
  rows: DeskMovementRow[],
  names: Map<string, string>,
  c: { schoolId: string; day: string; ledgerCashDesk: number | null },
): CashClosing {
  const byCashier = new Map<string, DeskMovementRow[]>();
  for (const row of rows)
    byCashier.set(row.cashierId, [...(byCashier.get(row.cashierId) ?? []), row]);
  const cashiers: CashierClosing[] = [...byCashier].map(([cashierId, own]) => {
    const movements = own.map((row) => movementOf(row, names));
    return {
      cashier_id: cashierId,
      cashier_name: own.find((r) => r.cashierName)?.cashierName ?? cashierId,
      movements,
      cash: totalsOf(movements, 'cash'),
      transfer: totalsOf(movements, 'transfer'),
    };
  });
  cashiers.sort((a, b) => a.cashier_name.localeCompare(b.cashier_name, 'es'));
  const all = cashiers.flatMap((c) => c.movements);
  const cash = totalsOf(all, 'cash');
  return {
    school_id: c.schoolId,
    date: c.day,
    cashiers,
    cash,
    transfer: totalsOf(all, 'transfer'),
    ledger_cash_desk_centavos: c.ledgerCashDesk,
    balanced: c.ledgerCashDesk === null ? null : c.ledgerCashDesk === cash.net_centavos,
  };
}

function movementOf(row: DeskMovementRow, names: Map<string, string>): CashMovement {
  const who = row.studentIds.map((id) => names.get(id) ?? id).join(', ');
  return {
    kind: row.kind,
    at: row.at.toISOString(),
    method: row.method,
    receipt_number: row.receiptNumber,
    description: who ? `${KIND_WORDS[row.kind]} · ${who}` : KIND_WORDS[row.kind],
    amount_centavos: row.amountCentavos,
  };
}
