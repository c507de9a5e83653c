import { z } from 'zod';
import { conceptTypeSchema, periodSchema } from '@cuota/contracts/billing/concepts';
import { positiveCentavosSchema } from '@cuota/contracts/common/money';
import { allocationSchema, deskOrderIdsSchema } from '@cuota/contracts/payments/payins';

/** An open order of the family as the desk sees it today (ADR 0036). */
export const deskOrderSchema = z.object({
  order_id: z.string(),
  student_id: z.string(),
  concept_name: z.string(),
  concept_type: conceptTypeSchema,
  period: periodSchema.nullable(),
  due_on: z.iso.date(),
  late_fee_due_centavos: z.number().int().nonnegative(),
  base_due_centavos: z.number().int().nonnegative(),
});
export type DeskOrder = z.infer<typeof deskOrderSchema>;

/** GET …/desk/{student}/: the student and siblings, what each owes today and holds as credit. */
export const deskFamilySchema = z.object({
  student_id: z.string(),
  guardian_id: z.string().nullable(),
  students: z.array(
    z.object({
      student_id: z.string(),
      name: z.string(),
      credit_centavos: z.number().int().nonnegative(),
      /** «Reembolso por recuperar»: a refund took back credit already spent (ADR 0036). */
      refund_owed_centavos: z.number().int().nonnegative(),
      orders: z.array(deskOrderSchema),
    }),
  ),
  /** Every open order of the family, oldest due first across the siblings. */
  owed_centavos: z.number().int().nonnegative(),
  credit_centavos: z.number().int().nonnegative(),
  /** What refunds left the family owing: a desk payment pays it before any order. */
  refund_owed_centavos: z.number().int().nonnegative(),
  /** The most one desk payment may be at this school. */
  limit_centavos: z.number().int().positive(),
});
export type DeskFamily = z.infer<typeof deskFamilySchema>;

/** POST …/desk/{student}/preview/: what a payment of this amount would do (writes nothing). */
export const deskPreviewRequestSchema = z.strictObject({
  amount_centavos: positiveCentavosSchema,
  /** The orders to pay; absent: every open order of the family. */
  order_ids: deskOrderIdsSchema.optional(),
});
export type DeskPreviewRequest = z.infer<typeof deskPreviewRequestSchema>;

export const deskPreviewSchema = z.object({
  amount_centavos: z.number().int(),
  /** What the chosen orders owe today. */
  owed_centavos: z.number().int().nonnegative(),
  /** Of the amount, what pays what refunds left the family owing (before any order). */
  refund_owed_centavos: z.number().int().nonnegative(),
  allocations: z.array(allocationSchema),
  applied_centavos: z.number().int().nonnegative(),
  /** What no chosen order needs: change to give back, or credit if the family leaves it. */
  excess_centavos: z.number().int().nonnegative(),
  limit_centavos: z.number().int().positive(),
  over_limit: z.boolean(),
});
export type DeskPreview = z.infer<typeof deskPreviewSchema>;

/** $1,000,000.00: a desk limit above it is a typo, not a policy (ADR 0036). */
export const MAX_DESK_LIMIT_CENTAVOS = 100_000_000;

/** The school's desk rules: the most one desk payment may be. */
export const deskSettingsSchema = z.object({
  desk_limit_centavos: z.number().int().positive(),
});
export type DeskSettings = z.infer<typeof deskSettingsSchema>;

export const updateDeskSettingsSchema = z.strictObject({
  desk_limit_centavos: positiveCentavosSchema.max(
    MAX_DESK_LIMIT_CENTAVOS,
    'El límite por pago en caja puede ser de hasta $1,000,000.00.',
  ),
});
