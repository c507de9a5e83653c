import { z } from 'zod';

export const CYCLE_STATUSES = ['draft', 'active', 'closed'] as const;
export const cycleStatusSchema = z.enum(CYCLE_STATUSES);
export type CycleStatus = z.infer<typeof cycleStatusSchema>;
export const CYCLE_STATUS_LABELS: Record<CycleStatus, string> = {
  draft: 'Borrador',
  active: 'Activo',
  closed: 'Cerrado',
};

const isoDate = z.iso.date('Escribe la fecha como AAAA-MM-DD.');

/**
 * POST /api/v1/dashboard/schools/{id}/cycles/: a school year named by its two calendar
 * years (2026-2027); it ends after it starts and lasts at most two years.
 */
export const createCycleSchema = z
  .strictObject({
    name: z
      .string()
      .trim()
      .regex(/^\d{4}-\d{4}$/, 'Nombra el ciclo con sus dos años, por ejemplo 2026-2027.')
      .refine((name) => {
        const [from, to] = name.split('-').map(Number);
        return to === from! + 1;
      }, 'El segundo año del nombre debe seguir al primero, por ejemplo 2026-2027.'),
    starts_on: isoDate,
    ends_on: isoDate,
  })
  .refine((c) => c.ends_on > c.starts_on, {
    path: ['ends_on'],
    message: 'El ciclo debe terminar después de empezar.',
  })
  .refine((c) => Date.parse(c.ends_on) - Date.parse(c.starts_on) <= 731 * 86_400_000, {
    path: ['ends_on'],
    message: 'Un ciclo escolar dura como máximo dos años.',
  });
export type CreateCycle = z.infer<typeof createCycleSchema>;

export const schoolCycleSchema = z.object({
  id: z.string(),
  school_id: z.string(),
  name: z.string(),
  starts_on: z.string(),
  ends_on: z.string(),
  status: cycleStatusSchema,
  activated_at: z.string().nullable(),
});
export type SchoolCycle = z.infer<typeof schoolCycleSchema>;
export const schoolCycleListSchema = z.array(schoolCycleSchema);

/** GET …/cycles/{cycle}/validate_activate/: whether activation is possible, and if not why. */
export const cycleActivationCheckSchema = z.object({
  can_activate: z.boolean(),
  /** Every reason that blocks activation, in Spanish; empty when it can be activated. */
  reasons: z.array(z.string()),
});
export type CycleActivationCheck = z.infer<typeof cycleActivationCheckSchema>;

/** POST …/cycles/{cycle}/activate/: the activated cycle and the one it closed, if any. */
export const cycleActivationSchema = z.object({
  cycle: schoolCycleSchema,
  closed_cycle: schoolCycleSchema.nullable(),
});
export type CycleActivation = z.infer<typeof cycleActivationSchema>;

/** GET /academic-coordinator/school_cycles/{id}/has_assigned_concepts/ (billing answers). */
export const cycleAssignedConceptsSchema = z.object({
  cycle_id: z.string(),
  has_assigned_concepts: z.boolean(),
  assigned_concepts: z.number().int(),
});

/** GET /academic-coordinator/school_cycles/?school_id=… */
export const cycleListQuerySchema = z.strictObject({
  school_id: z.uuid('Elige una escuela válida.'),
});
