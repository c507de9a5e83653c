import { z } from 'zod';

/** Spec §4: a scheduled payout's status. */
export const PAYOUT_STATUSES = [
  'SCHEDULED',
  'PROCESSING',
  'APPROVED',
  'DECLINED',
  'CANCELED',
] as const;
export const payoutStatusSchema = z.enum(PAYOUT_STATUSES);
export type PayoutStatus = z.infer<typeof payoutStatusSchema>;

/**
 * A payout (dispersión): the card money the gateway collected for the school on one Mexico
 * City day, less what voids and refunds gave back that day, sent to the school's bank
 * account on the next business day (ADR 0036). Read from payments' own payins until payouts
 * are executed through the gateway: until then every one is SCHEDULED.
 */
export const payoutSchema = z.object({
  /** The scheduled payout of the day (ADR 0043), whose status this is; null: not scheduled. */
  payout_id: z.string().nullable(),
  collected_on: z.string(),
  scheduled_on: z.string(),
  status: payoutStatusSchema,
  payins: z.number().int().nonnegative(),
  collected_centavos: z.number().int().nonnegative(),
  reversed_centavos: z.number().int().nonnegative(),
  /** What the school receives; negative when refunds outweighed the day's sales. */
  amount_centavos: z.number().int(),
  /** Where it goes: the school's first bank account, or none registered yet. */
  bank_account: z.object({ id: z.string(), bank_name: z.string(), clabe: z.string() }).nullable(),
});
export type Payout = z.infer<typeof payoutSchema>;

export const payoutListSchema = z.object({
  from: z.string(),
  to: z.string(),
  results: z.array(payoutSchema),
  total_centavos: z.number().int(),
});
export type PayoutList = z.infer<typeof payoutListSchema>;

const bankAccountRefSchema = z.object({ id: z.string(), bank_name: z.string(), clabe: z.string() });

/**
 * A payout scheduled as a row of its own (ADR 0043): a closed day's card money less that
 * day's card reversals and the gateway's fees, to one of the school's bank accounts, with the
 * status the gateway reports.
 */
export const scheduledPayoutSchema = z.object({
  id: z.string(),
  school_id: z.string(),
  collected_on: z.string(),
  scheduled_on: z.string(),
  status: payoutStatusSchema,
  payins: z.number().int().nonnegative(),
  collected_centavos: z.number().int().nonnegative(),
  reversed_centavos: z.number().int().nonnegative(),
  /** Refunds of payments an earlier payout already paid out, taken from this one. */
  carried_centavos: z.number().int().nonnegative(),
  fee_centavos: z.number().int().nonnegative(),
  /** What reaches the bank account. */
  net_centavos: z.number().int().positive(),
  bank_account: bankAccountRefSchema,
  gateway_ticket: z.string().nullable(),
  status_reason: z.string().nullable(),
  created_by_name: z.string().nullable(),
  executed_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ScheduledPayout = z.infer<typeof scheduledPayoutSchema>;

/** One card payment a payout settles: the payout's report. */
export const payoutPaymentSchema = z.object({
  payin_id: z.string(),
  paid_at: z.string(),
  method: z.string(),
  amount_centavos: z.number().int().positive(),
  receipt_number: z.string().nullable(),
  ticket_number: z.string().nullable(),
  card_brand: z.string().nullable(),
  card_last4: z.string().nullable(),
});
export type PayoutPayment = z.infer<typeof payoutPaymentSchema>;

export const CARRIED_REFUND_LABEL = 'Reembolso de un pago ya dispersado';

/**
 * One card void or refund a payout deducts: of a payment it settles, or — `carried` — of a
 * payment an earlier payout (`paid_out_on`'s) already sent, which the gateway recovers here.
 */
export const payoutDeductionSchema = z.object({
  reversal_id: z.string(),
  payin_id: z.string(),
  label: z.string(),
  carried: z.boolean(),
  /** The day of the earlier payout that had paid the payment out; null when not carried. */
  paid_out_on: z.string().nullable(),
  applied_at: z.string(),
  amount_centavos: z.number().int().positive(),
});
export type PayoutDeduction = z.infer<typeof payoutDeductionSchema>;

export const payoutDetailSchema = scheduledPayoutSchema.extend({
  payments: z.array(payoutPaymentSchema),
  deductions: z.array(payoutDeductionSchema),
});
export type PayoutDetail = z.infer<typeof payoutDetailSchema>;

const dateSchema = (message: string) =>
  z
    .string(message)
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), message);

/** GET /backoffice/payouts/?school_id=: one school's scheduled payouts, newest day first. */
export const payoutQuerySchema = z.strictObject({
  school_id: z.uuid('Elige una escuela válida.'),
  status: payoutStatusSchema.optional(),
});
export const scheduledPayoutListSchema = z.object({
  results: z.array(scheduledPayoutSchema),
  /** Refunds of paid-out payments that no payout has deducted yet: the next one will. */
  carried_pending_centavos: z.number().int().nonnegative(),
});

/** POST /backoffice/payouts/: schedule one closed day's card money of the school. */
export const newPayoutSchema = z.strictObject({
  school_id: z.uuid('Elige una escuela válida.'),
  collected_on: dateSchema('Escribe el día cobrado como AAAA-MM-DD.'),
  /** Absent: the school's first bank account. */
  bank_account_id: z.uuid('Elige una cuenta bancaria válida.').optional(),
});
export type NewPayout = z.infer<typeof newPayoutSchema>;

/** PUT /backoffice/payouts/{id}/change-bank-account/: another of the school's accounts. */
export const changePayoutAccountSchema = z.strictObject({
  bank_account_id: z.uuid('Elige una cuenta bancaria válida.'),
});

/** POST /backoffice/payouts/{id}/cancel/: why the payout will not be sent (always said). */
export const cancelPayoutSchema = z.strictObject({
  reason: z
    .string('Escribe el motivo de la cancelación.')
    .trim()
    .min(5, 'Escribe el motivo de la cancelación (al menos 5 caracteres).')
    .max(300, 'El motivo admite a lo más 300 caracteres.'),
});
export type CancelPayout = z.infer<typeof cancelPayoutSchema>;

/** GET /backoffice/payouts/bank-holiday/?year=: days Mexican banks do not operate. */
export const bankHolidayQuerySchema = z.strictObject({
  year: z.coerce
    .number('Elige un año.')
    .int('Elige un año.')
    .min(2026, 'Conocemos los días inhábiles de 2026 y 2027.')
    .max(2027, 'Conocemos los días inhábiles de 2026 y 2027.')
    .optional(),
});
export const bankHolidaySchema = z.object({ date: z.string(), name: z.string() });
export type BankHoliday = z.infer<typeof bankHolidaySchema>;
export const bankHolidayListSchema = z.object({
  year: z.number().int(),
  source: z.string(),
  results: z.array(bankHolidaySchema),
});

/**
 * POST /backoffice/register_payout_balance/: the balance the gateway's console shows for the
 * school (money collected and not yet paid out), compared with the books' gateway account.
 */
export const payoutBalanceInputSchema = z.strictObject({
  school_id: z.uuid('Elige una escuela válida.'),
  as_of: dateSchema('Escribe la fecha del saldo como AAAA-MM-DD.'),
  balance_centavos: z
    .number('Escribe el saldo en centavos.')
    .int('El saldo va en centavos enteros.')
    .min(0, 'El saldo no puede ser negativo.')
    .max(100_000_000_000, 'El saldo es demasiado grande.'),
});
export const payoutBalanceSchema = z.object({
  school_id: z.string(),
  as_of: z.string(),
  balance_centavos: z.number().int(),
  /** The books' gateway_clearing balance now: card money not yet paid out. */
  books_centavos: z.number().int(),
  difference_centavos: z.number().int(),
});
