import type { NewPayout } from '@cuota/contracts/payments/payouts';
import { formatPesos } from '@cuota/documents/money-format';
import { conflict, notFound } from '@cuota/service-runtime/http/http-error';
import { mexicoCityDate } from '@cuota/service-runtime/time/mexico-city-date';
import { bankAccountsOf } from '../bank-accounts/bank-account-repository';
import type { PaymentsDeps } from '../payments-deps';
import { nextBusinessDay, payoutFigures } from './payout-rules';
import {
  insertPayout,
  lockSchoolPayouts,
  openCardReversals,
  payoutOfDay,
  unsettledCardPayins,
  type PayoutRow,
} from './payout-repository';

export const DAY_NOT_CLOSED = 'Solo se dispersan días ya cerrados: elige un día anterior a hoy.';
export const NO_ACCOUNT = 'La escuela no tiene una cuenta bancaria registrada para dispersar.';
export const ACCOUNT_NOT_FOUND = 'No encontramos esta cuenta bancaria en la escuela.';

/**
 * Schedules one closed Mexico City day of the school's card money (ADR 0043): that day's card
 * payins no payout settles yet, less their reversals, the refunds of payments earlier payouts
 * already sent (carried) and the gateway's fees, to the chosen (or first) bank account, on the
 * next bank business day. A day is scheduled once: asking again — retried or concurrent —
 * answers the same payout. Only closed days, so no payin of the day arrives after it was
 * counted; a reversal that arrives later is carried into a later payout.
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
    await lockSchoolPayouts(tx, input.school_id);
    // Another request scheduled the day while this one waited for the lock: answer its payout.
    const first = await payoutOfDay(tx, input.school_id, input.collected_on);
    if (first) return first;
    const payins = await unsettledCardPayins(tx, input.school_id, input.collected_on);
    const open = await openCardReversals(
      tx,
      input.school_id,
      payins.map((p) => p.id),
    );
    const f = payoutFigures(payins, open);
    const figures = `cobrado ${formatPesos(f.collected)}, devuelto ${formatPesos(f.reversed)}, comisiones ${formatPesos(f.fee)}`;
    if (f.collected - f.reversed - f.fee <= 0)
      throw conflict(`No hay dinero por dispersar de ese día: ${figures}.`);
    if (f.carried === 0 && f.carriedLeft > 0)
      throw conflict(
        `Este día no alcanza para descontar ${formatPesos(f.carriedLeft)} de reembolsos de pagos ya dispersados: ${figures}. Espera a que un día con más cobros los descuente.`,
      );
    const row = await insertPayout(
      tx,
      {
        schoolId: input.school_id,
        collectedOn: input.collected_on,
        scheduledOn: nextBusinessDay(input.collected_on),
        status: 'SCHEDULED',
        payins: payins.length,
        collectedCentavos: f.collected,
        reversedCentavos: f.reversed,
        carriedCentavos: f.carried,
        feeCentavos: f.fee,
        netCentavos: f.net,
        bankAccountId: account.id,
        createdBy: by.userId,
        createdByName: by.name,
      },
      payins.map((p) => p.id),
      f.deducted,
    );
    return row!;
  });
}
