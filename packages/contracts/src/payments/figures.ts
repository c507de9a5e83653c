import { z } from 'zod';
import { educationLevelSchema } from '@cuota/contracts/enrolment/entities';
import { calendarDateSchema } from '@cuota/contracts/common/money';
import {
  datesInOrder,
  paymentMethodSchema,
  payinFilterSchema,
} from '@cuota/contracts/payments/payins';

const count = z.number().int().nonnegative();
const centavos = z.number().int();

/** GET /api/v1/payins/stats/: the totals of Pagos' filtered list, for one school. */
export const payinStatsQuerySchema = payinFilterSchema
  .extend({ school_id: z.uuid('Elige una escuela.') })
  .refine(datesInOrder.check, datesInOrder);
export type PayinStatsQuery = z.infer<typeof payinStatsQuerySchema>;

const methodCount = z.object({
  method: paymentMethodSchema,
  payins: count,
  amount_centavos: centavos,
});

export const payinStatsSchema = z.object({
  /** Every payin the filters match, whatever its status. */
  payins: count,
  amount_centavos: centavos,
  /**
   * Of those, the ones paid and kept (status success, not all of it given back) and their
   * amounts less what went back to families (ADR 0120): the money the school has.
   */
  paid_payins: count,
  paid_centavos: centavos,
  /** Paid payins by method. */
  by_method: z.array(methodCount),
});
export type PayinStats = z.infer<typeof payinStatsSchema>;

/** The longest range the figures cover: one year (a wider one is a typo, and slow). */
export const MAX_FIGURES_DAYS = 366;
export const FIGURES_SPAN_MESSAGE = 'Elige un periodo de a lo más un año.';

/** GET …/collections/ and …/graphics/: Mexico City dates (default: this month so far). */
export const figuresQuerySchema = z
  .strictObject({ from: calendarDateSchema.optional(), to: calendarDateSchema.optional() })
  .refine(datesInOrder.check, datesInOrder)
  .refine(
    (q) =>
      !q.from || !q.to || Date.parse(q.to) - Date.parse(q.from) < MAX_FIGURES_DAYS * 86_400_000,
    { message: FIGURES_SPAN_MESSAGE, path: ['to'] },
  );
export type FiguresQuery = z.infer<typeof figuresQuerySchema>;

/** Money of one method (or all): received by payins, given back by reversals, and the net. */
const collected = {
  payins: count,
  collected_centavos: centavos,
  reversed_centavos: centavos,
  net_centavos: centavos,
};

export const collectionsSchema = z.object({
  from: calendarDateSchema,
  to: calendarDateSchema,
  /** One row per day and method that moved money, oldest first. */
  days: z.array(z.object({ date: calendarDateSchema, method: paymentMethodSchema, ...collected })),
  by_method: z.array(z.object({ method: paymentMethodSchema, ...collected })),
  total: z.object(collected),
});
export type Collections = z.infer<typeof collectionsSchema>;

export const graphicsSchema = z.object({
  from: calendarDateSchema,
  to: calendarDateSchema,
  /** Collected per day and method (a stacked bar per day). */
  days: z.array(
    z.object({
      date: calendarDateSchema,
      method: paymentMethodSchema,
      collected_centavos: centavos,
    }),
  ),
  /** Collected by the paid students' level: orders paid and credit left (null: level unknown). */
  levels: z.array(
    z.object({ level: educationLevelSchema.nullable(), collected_centavos: centavos }),
  ),
});
export type Graphics = z.infer<typeof graphicsSchema>;
