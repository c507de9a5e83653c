import { FIGURES_SPAN_MESSAGE } from '@cuota/contracts/payments/figures';
import {
  bankHolidays,
  cancelPayout as cancelPayoutEndpoint,
  changePayoutAccount as changePayoutAccountEndpoint,
  executePayout as executePayoutEndpoint,
  listBackofficePayouts,
  listPayouts,
  payoutBankAccounts,
  payoutDetail,
  payoutStatusNotification,
  registerPayoutBalance,
  schedulePayout as schedulePayoutEndpoint,
} from '@cuota/contracts/payments/endpoints/payouts';
import { mexicoCityDate } from '@cuota/service-runtime/time/mexico-city-date';
import { badRequest, conflict, notFound } from '@cuota/service-runtime/http/http-error';
import { implement } from '@cuota/service-runtime/http/endpoint-handlers';
import { bankAccountOfSchool, bankAccountsOf } from '../bank-accounts/bank-account-repository';
import { paidByDay } from '../figures/figures-repository';
import { rangeOf } from '../figures/figures-rules';
import { balancesOfSchool } from '../ledger/ledger-repository';
import type { PaymentsDeps } from '../payments-deps';
import { BANK_HOLIDAY_SOURCE, BANK_HOLIDAYS } from './bank-holidays';
import { cancelPayout } from './cancel-payout';
import { executePayout } from './execute-payout';
import { payoutsOf, withScheduled } from './payout-rules';
import {
  carriedPendingCentavos,
  changePayoutAccount,
  deductionsOfPayout,
  ownReversalsByPaidDay,
  paymentsOfPayout,
  payoutById,
  payoutsOfSchool,
  payoutViews,
  upsertPayoutBalance,
  type PayoutRow,
} from './payout-repository';
import { receivePayoutStatus } from './receive-payout-status';
import { ACCOUNT_NOT_FOUND, schedulePayout } from './schedule-payout';

const NOT_FOUND = 'No encontramos esta dispersión.';
const ALREADY_SENT = 'La dispersión ya se envió; ya no se puede cambiar su cuenta.';

/** The school's payouts: the read model by day (ADR 0036) and their management (ADR 0043). */
export function payoutHandlers(deps: PaymentsDeps) {
  const { db } = deps;
  const view = async (row: PayoutRow) => (await payoutViews(db, [row]))[0]!;
  /** The payout, if the caller is staff of its school with the endpoint's permission. */
  const payoutOf = async (id: string, requireStaffOf: (s: string, u?: string) => unknown) => {
    const payout = await payoutById(db, id);
    if (!payout) throw notFound(NOT_FOUND);
    requireStaffOf(payout.schoolId, NOT_FOUND);
    return payout;
  };
  const staffId = (caller: { kind: string; user_id?: string }) =>
    caller.kind === 'staff' ? caller.user_id! : 'unknown';

  return [
    implement(listPayouts, async ({ params, query }) => {
      const range = rangeOf(query, deps.now());
      if (!range) throw badRequest(FIGURES_SPAN_MESSAGE);
      const r = { schoolId: params.id, ...range };
      const [paid, reversed, accounts, rows] = await Promise.all([
        paidByDay(db, r),
        ownReversalsByPaidDay(db, r),
        bankAccountsOf(db, params.id),
        payoutsOfSchool(db, params.id),
      ]);
      const first = accounts[0];
      const days = payoutsOf(
        paid,
        reversed,
        first ? { id: first.id, bank_name: first.bank_name, clabe: first.clabe } : null,
      );
      const scheduled = (await payoutViews(db, rows)).map((p) => ({
        id: p.id,
        collectedOn: p.collected_on,
        scheduledOn: p.scheduled_on,
        status: p.status,
        account: p.bank_account,
        payins: p.payins,
        collectedCentavos: p.collected_centavos,
        deductedCentavos: p.reversed_centavos + p.carried_centavos,
      }));
      const results = withScheduled(days, scheduled);
      return {
        ...range,
        results,
        total_centavos: results.reduce((s, p) => s + p.amount_centavos, 0),
      };
    }),

    implement(listBackofficePayouts, async ({ query, requireStaffOf }) => {
      requireStaffOf(query.school_id);
      const [rows, carried] = await Promise.all([
        payoutsOfSchool(db, query.school_id, query.status),
        carriedPendingCentavos(db, query.school_id),
      ]);
      return { results: await payoutViews(db, rows), carried_pending_centavos: carried };
    }),

    implement(schedulePayoutEndpoint, async ({ body, caller, requireStaffOf }) => {
      const staff = requireStaffOf(body.school_id);
      const row = await schedulePayout(deps, body, {
        userId: staff.user_id,
        name: caller.kind === 'staff' ? (caller.name ?? null) : null,
      });
      return view(row);
    }),

    implement(bankHolidays, ({ query }) => {
      const year = query.year ?? Number(mexicoCityDate(deps.now()).slice(0, 4));
      const results = BANK_HOLIDAYS[year];
      if (!results) throw badRequest('Conocemos los días inhábiles de 2026 y 2027.');
      return { year, source: BANK_HOLIDAY_SOURCE, results };
    }),

    implement(payoutDetail, async ({ params, requireStaffOf }) => {
      const payout = await payoutOf(params.id, requireStaffOf);
      const [payments, deductions] = await Promise.all([
        paymentsOfPayout(db, payout.id),
        deductionsOfPayout(db, payout.id),
      ]);
      return { ...(await view(payout)), payments, deductions };
    }),

    implement(payoutBankAccounts, async ({ params, requireStaffOf }) => {
      const payout = await payoutOf(params.id, requireStaffOf);
      return { results: await bankAccountsOf(db, payout.schoolId) };
    }),

    implement(changePayoutAccountEndpoint, async ({ params, body, requireStaffOf }) => {
      const payout = await payoutOf(params.id, requireStaffOf);
      if (!(await bankAccountOfSchool(db, payout.schoolId, body.bank_account_id)))
        throw notFound(ACCOUNT_NOT_FOUND);
      const changed = await changePayoutAccount(db, payout.id, body.bank_account_id);
      if (!changed) throw conflict(ALREADY_SENT);
      return view(changed);
    }),

    implement(executePayoutEndpoint, async ({ params, caller, requireStaffOf }) => {
      const payout = await payoutOf(params.id, requireStaffOf);
      return view(await executePayout(deps, payout, staffId(caller)));
    }),

    implement(cancelPayoutEndpoint, async ({ params, body, caller, requireStaffOf }) => {
      const payout = await payoutOf(params.id, requireStaffOf);
      return view(
        await cancelPayout(deps, payout, { userId: staffId(caller), reason: body.reason }),
      );
    }),

    implement(registerPayoutBalance, async ({ body, caller, requireStaffOf }) => {
      requireStaffOf(body.school_id);
      await upsertPayoutBalance(db, {
        schoolId: body.school_id,
        asOf: body.as_of,
        balanceCentavos: body.balance_centavos,
        recordedBy: staffId(caller),
      });
      const books = (await balancesOfSchool(db, body.school_id)).gateway_clearing ?? 0;
      return {
        school_id: body.school_id,
        as_of: body.as_of,
        balance_centavos: body.balance_centavos,
        books_centavos: books,
        difference_centavos: body.balance_centavos - books,
      };
    }),

    implement(payoutStatusNotification, async (call) => {
      await receivePayoutStatus(deps, {
        rawBody: call.rawBody!,
        header: (name) => call.req.get(name),
      });
      return { received: true as const };
    }),
  ];
}
