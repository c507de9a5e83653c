import { z } from 'zod';
import { pageQuerySchema } from '@cuota/contracts/common/pagination';
import {
  educationLevelSchema,
  genderSchema,
  studentStatusSchema,
} from '@cuota/contracts/enrolment/entities';

/**
 * Orderings the list supports: only those an index serves (students_school_name_idx, read
 * forwards or backwards), so no page sorts a whole school.
 */
export const STUDENT_LIST_ORDERINGS = ['last_name', '-last_name'] as const;

const flag = z.enum(['true', 'false'], 'Usa true o false.').transform((v) => v === 'true');

/**
 * Filters of the dashboard's students lists (students_by_level, dashboard students and the
 * Excel export share them): level, section, status, gender, whether a billing guardian is
 * set, and a search over name, CURP or matrícula.
 */
export const studentFiltersSchema = z.object({
  level: educationLevelSchema.optional(),
  section_id: z.uuid('Elige un grupo válido.').optional(),
  status: studentStatusSchema.optional(),
  gender: genderSchema.optional(),
  has_billing_guardian: flag.optional(),
  search: z.string().trim().max(100, 'La búsqueda es demasiado larga.').optional(),
});
export type StudentFilters = z.infer<typeof studentFiltersSchema>;

export const studentsByLevelQuerySchema = pageQuerySchema.extend({
  ...studentFiltersSchema.shape,
  ordering: z.enum(STUDENT_LIST_ORDERINGS, 'Elige un orden válido.').default('last_name'),
});
export type StudentsByLevelQuery = z.infer<typeof studentsByLevelQuerySchema>;

/** GET /api/v1/dashboard/students/ needs the school in the query (a staff member may have several). */
export const dashboardStudentsQuerySchema = studentsByLevelQuerySchema.extend({
  school_id: z.uuid('Elige una escuela válida.'),
});

/** The export takes the same filters and ordering, without paging. */
export const studentExportQuerySchema = studentsByLevelQuerySchema.omit({
  page: true,
  page_size: true,
});

export const studentRowSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  curp: z.string().nullable(),
  enrolment_code: z.string().nullable(),
  gender: genderSchema.nullable(),
  level: educationLevelSchema,
  section: z.object({ id: z.string(), name: z.string() }).nullable(),
  status: studentStatusSchema,
  billing_guardian_id: z.string().nullable(),
});
export type StudentRow = z.infer<typeof studentRowSchema>;

/**
 * One page. `count` is exact up to COUNT_CAP matches; beyond it the list says
 * `count_is_capped` and `count` is the cap ("más de 10 000"), so no page counts a whole
 * large school.
 */
export const studentListPageSchema = z.object({
  count: z.number().int(),
  count_is_capped: z.boolean(),
  page: z.number().int(),
  page_size: z.number().int(),
  results: z.array(studentRowSchema),
});
export type StudentListPage = z.infer<typeof studentListPageSchema>;
export const STUDENT_COUNT_CAP = 10_000;

const option = <T extends z.ZodType>(value: T) =>
  z.object({ value, label: z.string(), count: z.number().int() });

/** GET …/students_by_level/filters/: the values present in the school, with counts. */
export const studentFilterOptionsSchema = z.object({
  levels: z.array(option(educationLevelSchema)),
  sections: z.array(option(z.string()).extend({ level: educationLevelSchema })),
  statuses: z.array(option(studentStatusSchema)),
  genders: z.array(option(genderSchema)),
  billing_guardian: z.array(option(z.boolean())),
});
export type StudentFilterOptions = z.infer<typeof studentFilterOptionsSchema>;
