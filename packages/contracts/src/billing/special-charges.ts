import { z } from 'zod';
import { positiveCentavosSchema } from '@cuota/contracts/common/money';
import { reasonSchema } from '@cuota/contracts/billing/scholarships';

const onOrder = { order_id: z.uuid('Elige una orden válida.'), reason: reasonSchema };
/** Hundredths of a percent: 1000 = 10 %. */
const basisPoints = z
  .number('Escribe el porcentaje.')
  .int('El porcentaje admite hasta dos decimales.')
  .min(1, 'El porcentaje debe ser mayor que cero.')
  .max(10_000, 'El porcentaje es como máximo del 100 %.');
const percent = z.strictObject({
  ...onOrder,
  kind: z.literal('PERCENT'),
  basis_points: basisPoints,
});
const amount = z.strictObject({
  ...onOrder,
  kind: z.literal('AMOUNT'),
  amount_centavos: positiveCentavosSchema,
});

/**
 * POST …/schools/{id}/special_discounts/: on one unpaid order, after its scholarship (ADR 0035
 * step 3): a percentage, an amount off, or FIXED (the order costs this much). Replaces the
 * order's previous special discount.
 */
export const createSpecialDiscountSchema = z.discriminatedUnion('kind', [
  percent,
  amount,
  z.strictObject({ ...onOrder, kind: z.literal('FIXED'), amount_centavos: positiveCentavosSchema }),
]);
export type CreateSpecialDiscount = z.infer<typeof createSpecialDiscountSchema>;

/** POST …/schools/{id}/special_over_charges/: a percentage of what the order costs, or an amount. */
export const createSpecialOverChargeSchema = z.discriminatedUnion('kind', [percent, amount]);
export type CreateSpecialOverCharge = z.infer<typeof createSpecialOverChargeSchema>;

export const specialChargeSchema = z.object({
  id: z.string(),
  school_id: z.string(),
  order_id: z.string(),
  student_id: z.string(),
  kind: z.enum(['PERCENT', 'AMOUNT', 'FIXED']),
  basis_points: z.number().int().nullable(),
  amount_centavos: z.number().int().nullable(),
  /** What it took off (discount) or added (over-charge) on the order. */
  applied_centavos: z.number().int(),
  reason: z.string(),
  created_by: z.string().nullable(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
});
export type SpecialCharge = z.infer<typeof specialChargeSchema>;
export const specialChargeListSchema = z.array(specialChargeSchema);
