import { z } from 'zod';
import { educationLevelSchema, type EducationLevel } from '@cuota/contracts/enrolment/entities';

/**
 * How many grades each level has in Mexico: preescolar 3, primaria 6, secundaria 3;
 * preparatoria and universidad count semesters (6 and 10), as their groups are named.
 */
export const LEVEL_GRADES: Record<EducationLevel, number> = {
  'pre-school': 3,
  elementary: 6,
  middle: 3,
  'middle-high': 6,
  high: 10,
};

export const gradesOf = (level: EducationLevel): number[] =>
  Array.from({ length: LEVEL_GRADES[level] }, (_, i) => i + 1);

/** A section's name as the form composes it: grade and group, e.g. "1° A". */
export const sectionNameOf = (grade: number, group: string) => `${grade}° ${group}`;

/** POST /api/v1/schools/{id}/levels/: the school starts offering a level. */
export const createLevelSchema = z.strictObject({
  level: educationLevelSchema,
  /** Defaults to the Spanish label (EDUCATION_LEVEL_LABELS). */
  name: z.string().trim().min(2, 'Escribe el nombre del nivel.').max(60).optional(),
});
export type CreateLevel = z.infer<typeof createLevelSchema>;

export const levelSchema = z.object({
  id: z.string(),
  level: educationLevelSchema,
  name: z.string(),
  position: z.number().int(),
});
export type Level = z.infer<typeof levelSchema>;

/**
 * A level as staff see it (POST/PATCH answers, the dashboard's list): an inactive level
 * keeps its groups and students but leaves the public pickers.
 */
export const staffLevelSchema = levelSchema.extend({ active: z.boolean() });
export type StaffLevel = z.infer<typeof staffLevelSchema>;

/**
 * PATCH /api/v1/schools/{id}/levels/{level}/: rename, move (`position` is the level's index
 * in the school's list; the others shift) or (de)activate. At least one field.
 */
export const updateLevelSchema = z
  .strictObject({
    name: z
      .string('Escribe el nombre del nivel.')
      .trim()
      .min(2, 'Escribe el nombre del nivel.')
      .max(60, 'El nombre del nivel es demasiado largo.')
      .optional(),
    position: z
      .number('Elige una posición válida.')
      .int('Elige una posición válida.')
      .min(0, 'Elige una posición válida.')
      .max(4, 'Elige una posición válida.')
      .optional(),
    active: z.boolean('Indica si el nivel está activo.').optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    message: 'Indica qué cambiar del nivel: nombre, posición o si está activo.',
  });
export type UpdateLevel = z.infer<typeof updateLevelSchema>;

/** GET /api/v1/schools/{id}/levels/: the level picker (store, portal) with labels and grades. */
export const levelOptionSchema = levelSchema.extend({
  label: z.string(),
  grades: z.array(z.number().int()),
});
export const levelOptionsSchema = z.array(levelOptionSchema);
export type LevelOption = z.infer<typeof levelOptionSchema>;

export const sectionSchema = z.object({
  id: z.string(),
  school_id: z.string(),
  level_id: z.string(),
  level: educationLevelSchema,
  name: z.string(),
  grade: z.number().int().nullable(),
  capacity: z.number().int().nullable(),
  /** Students (any status) assigned to the section: a section with students cannot go. */
  students: z.number().int(),
});
export type Section = z.infer<typeof sectionSchema>;
export const sectionListSchema = z.array(sectionSchema);

/** GET /api/v1/dashboard/schools/{id}/levels/: each offered level with its sections. */
export const levelWithSectionsSchema = staffLevelSchema.extend({
  label: z.string(),
  grades: z.array(z.number().int()),
  sections: z.array(sectionSchema),
});
export type LevelWithSections = z.infer<typeof levelWithSectionsSchema>;
export const levelsWithSectionsSchema = z.array(levelWithSectionsSchema);

const grade = z.coerce
  .number('Elige un grado.')
  .int('Elige un grado.')
  .min(1, 'Elige un grado.')
  .max(10, 'El grado va de 1 a 10.');
const capacity = z.coerce
  .number('Escribe un cupo válido.')
  .int('El cupo es un número entero.')
  .min(1, 'El cupo es al menos 1.')
  .max(200, 'El cupo es como máximo 200.')
  .nullable()
  .default(null);
const sectionName = z.string().trim().min(1, 'Escribe el nombre del grupo.').max(40);
/** A group's letter or short name inside a grade ("A", "B", "Azul"). */
const group = z
  .string()
  .trim()
  .min(1, 'Escribe la letra o nombre del grupo.')
  .max(20, 'El nombre del grupo es demasiado largo.');

/** POST /academic-coordinator/sections/ */
export const createSectionSchema = z.strictObject({
  school_id: z.uuid('Elige una escuela válida.'),
  level_id: z.uuid('Elige un nivel.'),
  name: sectionName,
  grade: grade.nullable().default(null),
  capacity,
});
export type CreateSection = z.infer<typeof createSectionSchema>;

/** PUT /academic-coordinator/sections/{id}/: every field of the section. */
export const updateSectionSchema = createSectionSchema.omit({ school_id: true });
export type UpdateSection = z.infer<typeof updateSectionSchema>;

/**
 * The form's own shape: a grade and a group; the name is composed from them ("1° A").
 * PUT /academic-coordinator/sections/{id}/update_from_form/ takes one.
 */
export const sectionFormSchema = z.strictObject({
  level_id: z.uuid('Elige un nivel.'),
  grade,
  group,
  capacity,
});
export type SectionForm = z.infer<typeof sectionFormSchema>;

/** POST /academic-coordinator/sections/form_data/: several groups of one grade at once. */
export const sectionFormBatchSchema = z.strictObject({
  school_id: z.uuid('Elige una escuela válida.'),
  level_id: z.uuid('Elige un nivel.'),
  grade,
  groups: z
    .array(group)
    .min(1, 'Agrega al menos un grupo.')
    .max(26, 'Agrega como máximo 26 grupos a la vez.')
    .refine((g) => new Set(g.map((x) => x.toUpperCase())).size === g.length, {
      message: 'Hay grupos repetidos.',
    }),
  capacity,
});
export type SectionFormBatch = z.infer<typeof sectionFormBatchSchema>;

/** POST /academic-coordinator/sections/bulk_delete/: all of them or none. */
export const bulkDeleteSectionsSchema = z.strictObject({
  school_id: z.uuid('Elige una escuela válida.'),
  section_ids: z
    .array(z.uuid('Alguno de los grupos no es válido.'))
    .min(1, 'Elige al menos un grupo.')
    .max(200, 'Elige como máximo 200 grupos.'),
});
export type BulkDeleteSections = z.infer<typeof bulkDeleteSectionsSchema>;

/** GET /academic-coordinator/sections/form_data/: what the section form offers. */
export const sectionFormDataSchema = z.object({
  levels: z.array(
    z.object({
      id: z.string(),
      level: educationLevelSchema,
      name: z.string(),
      grades: z.array(z.number().int()),
      sections: z.array(sectionSchema),
    }),
  ),
  /** All five levels, offered or not, so the form can offer to add the missing ones. */
  education_levels: z.array(
    z.object({ level: educationLevelSchema, label: z.string(), offered: z.boolean() }),
  ),
});
export type SectionFormData = z.infer<typeof sectionFormDataSchema>;

/** ?school_id= on the academic-coordinator reads. */
export const schoolQuerySchema = z.object({ school_id: z.uuid('Elige una escuela válida.') });

/** GET /api/v1/schools/{id}/sections/ and the dashboard's list: optional filters. */
export const sectionQuerySchema = z.strictObject({
  level: educationLevelSchema.optional(),
  level_id: z.uuid('Elige un nivel válido.').optional(),
  grade: grade.optional(),
  search: z.string().trim().max(40).optional(),
});
export type SectionQuery = z.infer<typeof sectionQuerySchema>;
