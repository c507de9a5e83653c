import { z } from 'zod';
import { positiveCentavosSchema } from '@cuota/contracts/common/money';

/** A student's credit balance given back or moved to a sibling (ADR 0036). */
export const creditTransferSchema = z.object({
  id: z.string(),
  school_id: z.string(),
  kind: z.enum(['move', 'refund']),
  from_student_id: z.string(),
  /** The sibling who receives it (a move); null for a refund. */
  to_student_id: z.string().nullable(),
  /** How a refund leaves the school; null for a move. */
  method: z.enum(['cash', 'transfer']).nullable(),
  amount_centavos: z.number().int().positive(),
  reason: z.string(),
  requested_by: z.string(),
  created_at: z.string(),
});
export type CreditTransfer = z.infer<typeof creditTransferSchema>;

const reasonSchema = z
  .string('Escribe el motivo.')
  .trim()
  .min(5, 'Escribe el motivo (al menos 5 caracteres).')
  .max(300, 'El motivo admite a lo más 300 caracteres.');

export const moveCreditSchema = z.strictObject({
  to_student_id: z.uuid('Elige al hermano que recibe el saldo.'),
  amount_centavos: positiveCentavosSchema,
  reason: reasonSchema,
});
export type MoveCredit = z.infer<typeof moveCreditSchema>;

export const refundCreditSchema = z.strictObject({
  amount_centavos: positiveCentavosSchema,
  method: z.enum(['cash', 'transfer'], 'Elige efectivo o transferencia.'),
  reason: reasonSchema,
});
export type RefundCredit = z.infer<typeof refundCreditSchema>;

/** GET …/credit/: each of the family's students and the credit the school holds for them. */
export const familyCreditSchema = z.object({
  students: z.array(
    z.object({
      student_id: z.string(),
      name: z.string(),
      credit_centavos: z.number().int().nonnegative(),
      /** «Reembolso por recuperar»: a refund took back credit already spent (ADR 0036). */
      refund_owed_centavos: z.number().int().nonnegative(),
    }),
  ),
  credit_centavos: z.number().int().nonnegative(),
  refund_owed_centavos: z.number().int().nonnegative(),
});
export type FamilyCredit = z.infer<typeof familyCreditSchema>;
