import type { CashClosing, CashClosingQuery } from '@cuota/contracts/payments/cash-closing';
import { grants } from '@cuota/contracts/access/permissions';
import type { StaffClaims } from '@cuota/contracts/identity/identity-claims';
import { forbidden } from '@cuota/service-runtime/http/http-error';
import { studentNames } from '@cuota/student-directory/student-directory-repository';
import { schoolAccount } from '../ledger/chart-of-accounts';
import { accountMovementOnDay } from '../ledger/ledger-repository';
import type { PaymentsDeps } from '../payments-deps';
import { closingOf } from './cash-closing-rules';
import { deskMovementsOnDay } from './cash-movement-repository';

/**
 * The corte de caja of a day (ADR 0036). A cashier sees her own; whoever may read reports
 * sees every cashier's — and then whether their cash equals the ledger's cash_desk — or one.
 */
export async function cashClosingOf(
  deps: PaymentsDeps,
  schoolId: string,
  query: CashClosingQuery,
  staff: StaffClaims,
): Promise<CashClosing> {
  const membership = staff.memberships.find((m) => m.school_id === schoolId)!;
  const seesAll = grants(membership, 'reports.read');
  const cashierId = query.cashier_id ?? (seesAll ? null : staff.user_id);
  if (!seesAll && cashierId !== staff.user_id)
    throw forbidden('Solo puedes ver tu propio corte de caja.');
  const rows = await deskMovementsOnDay(deps.db, schoolId, query.date, cashierId);
  const names = await studentNames(deps.db, [...new Set(rows.flatMap((r) => r.studentIds))]);
  const ledgerCashDesk =
    cashierId === null
      ? await accountMovementOnDay(deps.db, schoolAccount(schoolId, 'cash_desk'), query.date)
      : null;
  return closingOf(rows, names, { schoolId, day: query.date, ledgerCashDesk });
}
