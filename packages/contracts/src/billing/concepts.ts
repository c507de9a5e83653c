import { z } from 'zod';
import { educationLevelSchema } from '@cuota/contracts/enrolment/entities';
import { calendarDateSchema, positiveCentavosSchema } from '@cuota/contracts/common/money';

/** Spec §3 concept types. */
export const CONCEPT_TYPES = [
  'MONTHLY_FEE',
  'INSCRIPTION',
  'TRANSPORT',
  'PRE_DEBT',
  'OTHER',
  'REINSCRIPTION',
  'EXTRACURRICULAR',
  'SPORTS',
  'CAFETERIA',
  'BOOKS_AND_MATERIALS',
  'EXAMS_AND_CERTIFICATES',
  'UNIFORMS_AND_MERCH',
  'DONATION',
  'EVENTS',
  'TRIPS',
  'INSURANCE',
] as const;
export const conceptTypeSchema = z.enum(CONCEPT_TYPES);
export type ConceptType = z.infer<typeof conceptTypeSchema>;

export const CONCEPT_TYPE_LABELS: Record<ConceptType, string> = {
  MONTHLY_FEE: 'Colegiatura',
  INSCRIPTION: 'Inscripción',
  TRANSPORT: 'Transporte',
  PRE_DEBT: 'Adeudo anterior',
  OTHER: 'Otro',
  REINSCRIPTION: 'Reinscripción',
  EXTRACURRICULAR: 'Extracurricular',
  SPORTS: 'Deportes',
  CAFETERIA: 'Cafetería',
  BOOKS_AND_MATERIALS: 'Libros y materiales',
  EXAMS_AND_CERTIFICATES: 'Exámenes y certificados',
  UNIFORMS_AND_MERCH: 'Uniformes y artículos',
  DONATION: 'Donativo',
  EVENTS: 'Eventos',
  TRIPS: 'Viajes',
  INSURANCE: 'Seguro',
};

/** Spec §3 recurrences. Billing bills SINGLE and MONTHLY concepts today. */
export const RECURRENCES = ['SINGLE', 'DAILY', 'WEEKLY', 'FORTNIGHTLY', 'MONTHLY'] as const;
export const recurrenceSchema = z.enum(RECURRENCES);
export type Recurrence = z.infer<typeof recurrenceSchema>;

/** A billing period: the month an order is for, `AAAA-MM` (its month is spec §9's 1–12). */
export const periodSchema = z
  .string()
  .regex(/^20\d\d-(0[1-9]|1[0-2])$/, 'Escribe el periodo como AAAA-MM (por ejemplo 2026-09).');
export type Period = z.infer<typeof periodSchema>;

/**
 * What a late payment adds (ADR 0016): a fixed amount once, or a percentage of the order's
 * amount for every month (or part of one) it stays unpaid, counted from the due date plus the
 * grace days; never more than the cap, when there is one.
 */
export const lateFeeSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('FIXED'),
    amount_centavos: positiveCentavosSchema,
    grace_days: z.number().int().min(0).max(90, 'Como máximo 90 días de gracia.'),
  }),
  z.strictObject({
    kind: z.literal('PERCENT'),
    /** Hundredths of a percent per month: 500 = 5 % mensual. */
    basis_points: z
      .number()
      .int('El porcentaje admite hasta dos decimales.')
      .min(1, 'El porcentaje debe ser mayor que cero.')
      .max(10_000, 'El porcentaje es como máximo 100 %.'),
    grace_days: z.number().int().min(0).max(90, 'Como máximo 90 días de gracia.'),
    cap_centavos: positiveCentavosSchema.nullable(),
  }),
]);
export type LateFee = z.infer<typeof lateFeeSchema>;

/**
 * Early payment (the BRILLAMONT discount kind, ADR 0035): paying the whole order by a day of
 * its due month takes a percentage off its total; the best tier whose day has not passed
 * counts, evaluated as of the payment date like the late fee.
 */
export const earlyPaymentSchema = z.strictObject({
  tiers: z
    .array(
      z.strictObject({
        day: z
          .number('Elige el día del mes.')
          .int('Elige el día del mes.')
          .min(1, 'El día va del 1 al 28.')
          .max(28, 'El día va del 1 al 28.'),
        basis_points: z
          .number('Escribe el porcentaje.')
          .int('El porcentaje admite hasta dos decimales.')
          .min(1, 'El porcentaje debe ser mayor que cero.')
          .max(10_000, 'El porcentaje es como máximo 100 %.'),
      }),
    )
    .min(1, 'Agrega al menos un plazo de pronto pago.')
    .max(4, 'Como máximo cuatro plazos de pronto pago.')
    .refine((t) => new Set(t.map((x) => x.day)).size === t.length, {
      message: 'Hay días de pronto pago repetidos.',
    }),
});
export type EarlyPayment = z.infer<typeof earlyPaymentSchema>;

/**
 * Spec §3 visibility (ADR 0035 "Concepts of a cycle"): who sees a concept in the catalogues.
 * HIDDEN: nobody's list (by id and `?visibility=HIDDEN` only); STAFF and BETA: the
 * dashboard's lists, not the portal's offer (BETA: staff try it before families); PUBLIC:
 * everywhere. Orders already billed are money owed and stay visible whatever the concept's.
 */
export const VISIBILITIES = ['HIDDEN', 'STAFF', 'BETA', 'PUBLIC'] as const;
export const visibilitySchema = z.enum(VISIBILITIES, 'Elige una visibilidad válida.');
export type Visibility = z.infer<typeof visibilitySchema>;
export const VISIBILITY_LABELS: Record<Visibility, string> = {
  HIDDEN: 'Oculto',
  STAFF: 'Solo personal',
  BETA: 'Beta (solo personal)',
  PUBLIC: 'Visible para familias',
};

export const conceptSchema = z.object({
  id: z.string(),
  school_id: z.string(),
  name: z.string(),
  concept_type: conceptTypeSchema,
  recurrence: recurrenceSchema,
  price_centavos: z.number().int(),
  /** The level whose active students it is billed to; null: every level. */
  level: educationLevelSchema.nullable(),
  /** MONTHLY: the months it bills, in order. */
  periods: z.array(periodSchema),
  /** MONTHLY: the day of each period's month it falls due. */
  due_day: z.number().int().nullable(),
  /** SINGLE: the date it falls due. */
  due_on: calendarDateSchema.nullable(),
  late_fee: lateFeeSchema.nullable(),
  early_payment: earlyPaymentSchema.nullable(),
  active: z.boolean(),
  /** The school cycle it bills in (enrolment's); null: a root concept of the school. */
  cycle_id: z.string().nullable(),
  visibility: visibilitySchema,
  /** Students who join its level later get it from the next period (ADR 0035). */
  auto_assign: z.boolean(),
  /** Orders already created from it (a concept with orders cannot be deleted). */
  orders: z.number().int(),
  created_at: z.string(),
});
export type Concept = z.infer<typeof conceptSchema>;
export const conceptListSchema = z.array(conceptSchema);

const name = z
  .string('Escribe el nombre del concepto.')
  .trim()
  .min(2, 'Escribe el nombre del concepto.')
  .max(120, 'El nombre del concepto es demasiado largo.');

const conceptFields = {
  name,
  concept_type: conceptTypeSchema,
  price_centavos: positiveCentavosSchema,
  level: educationLevelSchema.nullable().default(null),
  late_fee: lateFeeSchema.nullable().default(null),
  early_payment: earlyPaymentSchema.nullable().default(null),
  cycle_id: z.uuid('Elige un ciclo escolar válido.').nullable().default(null),
  visibility: visibilitySchema.default('PUBLIC'),
};

/** POST /api/v1/dashboard/concepts/: a monthly fee with its months, or a one-time charge. */
export const createConceptSchema = z.discriminatedUnion('recurrence', [
  z.strictObject({
    school_id: z.uuid('Elige una escuela válida.'),
    ...conceptFields,
    recurrence: z.literal('MONTHLY'),
    periods: z
      .array(periodSchema)
      .min(1, 'Elige al menos un mes.')
      .max(12, 'Un concepto mensual cubre como máximo 12 meses.')
      .refine((p) => new Set(p).size === p.length, { message: 'Hay meses repetidos.' }),
    due_day: z
      .number('Elige el día de vencimiento.')
      .int()
      .min(1, 'El día de vencimiento va del 1 al 28.')
      .max(28, 'El día de vencimiento va del 1 al 28.'),
  }),
  z.strictObject({
    school_id: z.uuid('Elige una escuela válida.'),
    ...conceptFields,
    recurrence: z.literal('SINGLE'),
    due_on: calendarDateSchema,
  }),
]);
export type CreateConcept = z.infer<typeof createConceptSchema>;
/** As seeds and benches write one: the schema's defaults (cycle, visibility…) may be left out. */
export type CreateConceptInput = z.input<typeof createConceptSchema>;

/** One concept of a batch: the school is the path's. */
export const batchConceptSchema = z.discriminatedUnion('recurrence', [
  createConceptSchema.options[0].omit({ school_id: true }),
  createConceptSchema.options[1].omit({ school_id: true }),
]);

/**
 * POST /api/v1/dashboard/schools/{id}/concepts/batch/: all or nothing. A bad item is a 400
 * naming its position («Concepto 3: …»), and nothing is written.
 */
export const createConceptBatchSchema = z.strictObject({
  concepts: z
    .array(batchConceptSchema)
    .min(1, 'Agrega al menos un concepto.')
    .max(50, 'Como máximo 50 conceptos por lote.'),
});
export type CreateConceptBatch = z.infer<typeof createConceptBatchSchema>;

/** POST …/concepts/{concept}/auto-assign/: the state wanted, so a retry changes nothing. */
export const autoAssignConceptSchema = z.strictObject({
  auto_assign: z.boolean('Indica si el concepto se asigna automáticamente.').default(true),
});
export type AutoAssignConcept = z.infer<typeof autoAssignConceptSchema>;

/** What auto-assign did: the concept, and the orders it billed to students missing them. */
export const autoAssignedConceptSchema = z.object({
  concept: conceptSchema,
  orders_created: z.number().int().nonnegative(),
});

/**
 * PATCH /book-keeper/concepts/{id}/ and PUT /api/v1/dashboard/concepts/{id}/: what may change
 * after creation. Orders already created keep their amount and due date (a price change
 * reaches only the orders billed after it).
 */
export const updateConceptSchema = z
  .strictObject({
    name: name.optional(),
    price_centavos: positiveCentavosSchema.optional(),
    late_fee: lateFeeSchema.nullable().optional(),
    early_payment: earlyPaymentSchema.nullable().optional(),
    active: z.boolean().optional(),
    visibility: visibilitySchema.optional(),
    /** Concepts made before cycles (migration 0016) are given theirs here; null: a root one. */
    cycle_id: z.uuid('Elige un ciclo escolar válido.').nullable().optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    message: 'Indica qué cambiar del concepto.',
  });
export type UpdateConcept = z.infer<typeof updateConceptSchema>;

export const conceptQuerySchema = z.object({
  school_id: z.uuid('Elige una escuela válida.'),
  concept_type: conceptTypeSchema.optional(),
  active: z.enum(['true', 'false']).optional(),
  visibility: visibilitySchema.optional(),
  cycle_id: z.uuid('Elige un ciclo escolar válido.').optional(),
});
export type ConceptQuery = z.infer<typeof conceptQuerySchema>;

/** The school's own list (`…/schools/{id}/concepts/`, `…/root_concepts/`): the path names it. */
export const schoolConceptQuerySchema = conceptQuerySchema.omit({ school_id: true });
export type SchoolConceptQuery = z.infer<typeof schoolConceptQuerySchema>;
