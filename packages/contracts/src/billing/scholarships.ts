import { z } from 'zod';
import { calendarDateSchema, positiveCentavosSchema } from '@cuota/contracts/common/money';

/** Why a scholarship or a correction was made: always said, in a few words. */
export const reasonSchema = z
  .string('Escribe el motivo.')
  .trim()
  .min(3, 'Escribe el motivo (al menos 3 letras).')
  .max(500, 'El motivo es demasiado largo (máximo 500 caracteres).');

const grant = {
  student_id: z.uuid('Elige un alumno válido.'),
  /** Only this concept's orders; null: every concept of the student. */
  concept_id: z.uuid('Elige un concepto válido.').nullable().default(null),
  /** Orders falling due on or after this date get it (ADR 0035). */
  starts_on: calendarDateSchema,
  reason: reasonSchema,
};

/**
 * POST …/schools/{id}/scholarships/: a percentage of each order's base, or an amount off it
 * (never more than the base: ADR 0035's first step).
 */
export const createScholarshipSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    ...grant,
    kind: z.literal('PERCENT'),
    /** Hundredths of a percent: 5000 = 50 %. */
    basis_points: z
      .number('Escribe el porcentaje de la beca.')
      .int('El porcentaje admite hasta dos decimales.')
      .min(1, 'El porcentaje debe ser mayor que cero.')
      .max(10_000, 'Una beca es como máximo del 100 %.'),
  }),
  z.strictObject({
    ...grant,
    kind: z.literal('AMOUNT'),
    amount_centavos: positiveCentavosSchema,
  }),
]);
export type CreateScholarship = z.infer<typeof createScholarshipSchema>;

export const scholarshipSchema = z.object({
  id: z.string(),
  school_id: z.string(),
  student_id: z.string(),
  student_name: z.string(),
  concept_id: z.string().nullable(),
  concept_name: z.string().nullable(),
  kind: z.enum(['PERCENT', 'AMOUNT']),
  basis_points: z.number().int().nullable(),
  amount_centavos: z.number().int().nullable(),
  starts_on: calendarDateSchema,
  reason: z.string(),
  created_by: z.string().nullable(),
  created_at: z.string(),
});
export type Scholarship = z.infer<typeof scholarshipSchema>;
export const scholarshipListSchema = z.array(scholarshipSchema);

/** What granting did to the student's orders already billed. */
export const grantedScholarshipSchema = scholarshipSchema.extend({
  /** Orders whose total changed (one audit entry and one billing.order.adjusted each). */
  orders_adjusted: z.number().int(),
  /** Orders with money applied, left as they were (they need a refund first: ADR 0035). */
  orders_with_payments: z.number().int(),
  /** In Spanish, when some orders were left as they were. */
  note: z.string().nullable(),
});
