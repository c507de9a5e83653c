import { z } from 'zod';
import {
  conceptTypeSchema,
  periodSchema,
  type ConceptType,
} from '@cuota/contracts/billing/concepts';

/**
 * The concept types a family may subscribe a student to (ADR 0035 "Subscriptions"): optional
 * services billed monthly. Tuition, inscription and the like are billed by the school's runs.
 */
export const SUBSCRIBABLE_CONCEPT_TYPES = [
  'TRANSPORT',
  'CAFETERIA',
  'EXTRACURRICULAR',
  'SPORTS',
] as const satisfies readonly ConceptType[];

/**
 * POST …/schools/{id}/subscriptions/: one concept/student pair at a time (the spec's
 * subscribables-selection rule), from a month of the concept (default: the current one).
 */
export const createSubscriptionSchema = z.strictObject({
  student_id: z.uuid('Elige un alumno válido.'),
  concept_id: z.uuid('Elige un concepto válido.'),
  from_period: periodSchema.optional(),
});
export type CreateSubscription = z.infer<typeof createSubscriptionSchema>;

/** GET …/subscriptions/concepts/: for staff, whose student (families get all of theirs). */
export const subscribableQuerySchema = z.object({
  student_id: z.uuid('Elige un alumno válido.').optional(),
});

/** A concept/student pair open to subscribe (the spec's selection item, with what it bills). */
export const subscribableSchema = z.object({
  concept_id: z.string(),
  concept_name: z.string(),
  concept_type: conceptTypeSchema,
  student_id: z.string(),
  student_name: z.string(),
  /** Per month, in centavos (before the student's scholarships). */
  concept_price: z.number().int(),
  /** The months a subscription from now bills (`AAAA-MM`). */
  months: z.array(periodSchema),
});
export type Subscribable = z.infer<typeof subscribableSchema>;
export const subscribableListSchema = z.array(subscribableSchema);

export const subscriptionOrderSchema = z.object({
  id: z.string(),
  period: z.string().nullable(),
  due_on: z.string(),
  total_centavos: z.number().int(),
  paid_centavos: z.number().int(),
  canceled: z.boolean(),
});

export const subscriptionSchema = z.object({
  id: z.string(),
  school_id: z.string(),
  student: z.object({ id: z.string(), name: z.string() }),
  concept_id: z.string(),
  concept_name: z.string(),
  concept_type: conceptTypeSchema,
  price_centavos: z.number().int(),
  from_period: periodSchema,
  status: z.enum(['ACTIVE', 'CANCELED']),
  /** The oldest unpaid month still owed: what the family pays next. */
  next_payment: z.object({ period: z.string(), due_on: z.string() }).nullable(),
  orders: z.array(subscriptionOrderSchema),
  created_at: z.string(),
  canceled_at: z.string().nullable(),
});
export type SubscriptionView = z.infer<typeof subscriptionSchema>;
export const subscriptionListSchema = z.array(subscriptionSchema);
