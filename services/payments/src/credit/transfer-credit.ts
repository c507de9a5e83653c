import type { CreditTransfer } from '@cuota/contracts/payments/credit';
import { formatPesos } from '@cuota/documents/money-format';
import type { Executor } from '@cuota/messaging/transaction';
import { conflict } from '@cuota/service-runtime/http/http-error';
import type { Keyed } from '@cuota/service-runtime/http/endpoint-handlers';
import { onceOnRow } from '@cuota/service-runtime/idempotency/key-on-row';
import { requestHash } from '@cuota/service-runtime/idempotency/request-hash';
import { lockStudents } from '../allocation/allocation-repository';
import { familyAtDesk } from '../desk/desk-family';
import { creditAccount, schoolAccount } from '../ledger/chart-of-accounts';
import { lockCreditBalance, postLedgerTransaction } from '../ledger/ledger-repository';
import type { PaymentsDeps } from '../payments-deps';
import {
  creditTransferByKey,
  insertCreditTransfer,
  toCreditTransfer,
  type CreditTransferRow,
  type NewCreditTransfer,
} from './credit-transfer-repository';

export type CreditTransferRequest = Pick<
  NewCreditTransfer,
  'schoolId' | 'kind' | 'fromStudentId' | 'toStudentId' | 'method' | 'amountCentavos' | 'reason'
>;

/**
 * A student's credit moved to a sibling or given back (ADR 0036): under the student's lock
 * the balance must cover it; the transfer row (with its key: a retry answers the first) and
 * its posting commit together, Dr the student's credit, Cr the sibling's credit or the desk.
 */
export async function transferCredit(
  deps: PaymentsDeps,
  request: CreditTransferRequest,
  key: { idempotencyKey: string; requestedBy: string; requestedByName: string | null },
): Promise<Keyed<CreditTransfer>> {
  const hash = requestHash({ ...request });
  const { row, replayed } = await onceOnRow({
    hash,
    find: () => creditTransferByKey(deps.db, request.schoolId, key.idempotencyKey),
    create: () =>
      deps.db.transaction((tx) => transferred(tx, { ...request, ...key, requestHash: hash })),
  });
  return { answer: toCreditTransfer(row), replayed };
}

async function transferred(tx: Executor, t: NewCreditTransfer): Promise<CreditTransferRow> {
  const family = await familyAtDesk(tx, t.schoolId, t.fromStudentId);
  if (
    t.toStudentId &&
    (t.toStudentId === t.fromStudentId || !family.memberIds.includes(t.toStudentId))
  )
    throw conflict('El saldo a favor solo puede pasarse a un hermano del alumno.');
  await lockStudents(tx, [t.fromStudentId, ...(t.toStudentId ? [t.toStudentId] : [])]);
  const balance = await lockCreditBalance(tx, t.schoolId, t.fromStudentId);
  if (balance < t.amountCentavos)
    throw conflict(
      `El saldo a favor del alumno es ${formatPesos(balance)}; no alcanza para ${formatPesos(t.amountCentavos)}.`,
    );
  const row = await insertCreditTransfer(tx, t);
  const to = t.toStudentId
    ? creditAccount(t.schoolId, t.toStudentId)
    : schoolAccount(t.schoolId, t.method === 'cash' ? 'cash_desk' : 'bank');
  await postLedgerTransaction(tx, {
    idempotencyKey: `credit-transfer:${row.id}`,
    schoolId: t.schoolId,
    description: t.toStudentId ? 'Saldo a favor pasado a un hermano' : 'Saldo a favor devuelto',
    occurredAt: row.createdAt,
    lines: [
      { account: creditAccount(t.schoolId, t.fromStudentId), amountCentavos: t.amountCentavos },
      { account: to, amountCentavos: -t.amountCentavos },
    ],
  });
  return row;
}
