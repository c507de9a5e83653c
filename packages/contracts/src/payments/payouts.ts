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

/**
 * A payout (dispersión): the card money the gateway collected for the school on one Mexico
 * City day, less what voids and refunds gave back that day, sent to the school's bank
 * account on the next business day (ADR 0036). Read from payments' own payins until payouts
 * are executed through the gateway: until then every one is SCHEDULED.
 */
export const payoutSchema = z.object({
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
