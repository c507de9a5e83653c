import type { NewPayout } from '@cuota/contracts/payments/payouts';
import { formatPesos } from '@cuota/documents/money-format';
import { conflict, notFound } from '@cuota/service-runtime/http/http-error';
import { mexicoCityDate } from '@cuota/service-runtime/time/mexico-city-date';
import { bankAccountsOf } from '../bank-accounts/bank-account-repository';
import type { PaymentsDeps } from '../payments-deps';
import { feeOfSales } from './payout-fees';
import { nextBusinessDay } from './payout-rules';
import {
  cardReversedOn,
  insertPayout,
  payoutOfDay,
  unsettledCardPayins,
  type PayoutRow,
} from './payout-repository';

export const DAY_NOT_CLOSED = 'Solo se dispersan días ya cerrados: elige un día anterior a hoy.';
export const NO_ACCOUNT = 'La escuela no tiene una cuenta bancaria registrada para dispersar.';
export const ACCOUNT_NOT_FOUND = 'No encontramos esta cuenta bancaria en la escuela.';

/**
 * Schedules one closed Mexico City day of the school's card money (ADR 0043): that day's card
 * payins no payout settles yet, less that day's card reversals and the gateway's fees, to the
 * chosen (or first) bank account, on the next bank business day. A day is scheduled once:
 * asking again — retried or concurrent — answers the same payout. Only closed days, so no
 * payin or reversal of the day can arrive after it was counted.
 */
export async function schedulePayout(
  deps: PaymentsDeps,
  input: NewPayout,
  by: { userId: string; name: string | null },
): Promise<PayoutRow> {
  const { db } = deps;
  if (input.collected_on >= mexicoCityDate(deps.now())) throw conflict(DAY_NOT_CLOSED);
  const accounts = await bankAccountsOf(db, input.school_id);
  const account = input.bank_account_id
    ? accounts.find((a) => a.id === input.bank_account_id)
    : accounts[0];
  if (!account) throw input.bank_account_id ? notFound(ACCOUNT_NOT_FOUND) : conflict(NO_ACCOUNT);
  const existing = await payoutOfDay(db, input.school_id, input.collected_on);
  if (existing) return existing;

  return db.transaction(async (tx) => {
    const payins = await unsettledCardPayins(tx, input.school_id, input.collected_on);
    const collected = payins.reduce((s, p) => s + p.amountCentavos, 0);
    const reversed = await cardReversedOn(tx, input.school_id, input.collected_on);
    const fee = feeOfSales(payins.map((p) => p.amountCentavos));
    const net = collected - reversed - fee;
    if (net <= 0)
      throw conflict(
        `No hay dinero por dispersar de ese día: cobrado ${formatPesos(collected)}, devuelto ${formatPesos(reversed)}, comisiones ${formatPesos(fee)}.`,
      );
    const row = await insertPayout(
      tx,
      {
        schoolId: input.school_id,
        collectedOn: input.collected_on,
        scheduledOn: nextBusinessDay(input.collected_on),
        status: 'SCHEDULED',
        payins: payins.length,
        collectedCentavos: collected,
        reversedCentavos: reversed,
        feeCentavos: fee,
        netCentavos: net,
        bankAccountId: account.id,
        createdBy: by.userId,
        createdByName: by.name,
      },
      payins.map((p) => p.id),
    );
    // A concurrent request scheduled the day first: answer its payout.
    return row ?? (await payoutOfDay(tx, input.school_id, input.collected_on))!;
  });
}
