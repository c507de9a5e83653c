import { z } from 'zod';
import {
  EDUCATION_LEVEL_LABELS,
  EDUCATION_LEVELS,
  genderSchema,
  type EducationLevel,
} from '@cuota/contracts/enrolment/entities';
import { curpSchema } from '@cuota/contracts/enrolment/student-detail';

/**
 * Student import from a spreadsheet (xlsx or csv): the columns, the row rules, the job.
 * The first row holds the column names below (any order, case and accents ignored).
 */
export const STUDENT_IMPORT_COLUMNS = [
  { key: 'nombre', required: true, example: 'Valeria', help: 'Nombre(s) del alumno' },
  { key: 'apellidos', required: true, example: 'Gómez Ruiz', help: 'Apellidos del alumno' },
  {
    key: 'nivel',
    required: true,
    example: 'Primaria',
    help: 'Preescolar, Primaria, Secundaria, Preparatoria o Universidad',
  },
  { key: 'grupo', required: false, example: '3° A', help: 'Nombre del grupo dentro del nivel' },
  { key: 'curp', required: false, example: 'GORV150312MDFMZL05', help: 'CURP de 18 caracteres' },
  { key: 'matricula', required: false, example: 'A-0001', help: 'Matrícula que asigna la escuela' },
  { key: 'genero', required: false, example: 'F', help: 'M o F' },
  {
    key: 'fecha_nacimiento',
    required: false,
    example: '2015-03-12',
    help: 'AAAA-MM-DD o DD/MM/AAAA',
  },
  { key: 'tutor_nombre', required: false, example: 'Rosa', help: 'Nombre(s) del tutor' },
  { key: 'tutor_apellidos', required: false, example: 'Ruiz Pérez', help: 'Apellidos del tutor' },
  { key: 'tutor_correo', required: false, example: 'rosa@example.mx', help: 'Correo del tutor' },
  { key: 'tutor_telefono', required: false, example: '5512345678', help: 'Teléfono del tutor' },
  {
    key: 'tutor_rfc',
    required: false,
    example: 'RUPR800101AB5',
    help: 'RFC del tutor (para facturar)',
  },
] as const;
export type StudentImportColumn = (typeof STUDENT_IMPORT_COLUMNS)[number]['key'];
export const STUDENT_IMPORT_KEYS = STUDENT_IMPORT_COLUMNS.map((c) => c.key);

/** Upload limit (the service answers 413 above it) and the accepted kinds (415 otherwise). */
export const STUDENT_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const STUDENT_IMPORT_FORMATS = ['xlsx', 'csv'] as const;
export const importFormatSchema = z.enum(STUDENT_IMPORT_FORMATS);
export type ImportFormat = z.infer<typeof importFormatSchema>;

/** "Primaria", "primaria", "PRIMARIA" or "elementary" → elementary. */
export function levelFromCell(value: string): EducationLevel | null {
  const plain = fold(value);
  return (
    EDUCATION_LEVELS.find((l) => l === plain || fold(EDUCATION_LEVEL_LABELS[l]) === plain) ?? null
  );
}

/** Lower case without accents or surrounding spaces: how headers and labels are compared. */
export function fold(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase();
}

const optional = (schema: z.ZodType<string>) =>
  z.preprocess(
    // A column left out of the file, or an empty cell, is "not given".
    (v) => (v === undefined || (typeof v === 'string' && v.trim() === '') ? null : v),
    schema.nullable(),
  );
const text = (max: number) => z.string().trim().max(max, `Máximo ${max} caracteres.`);

/** 12/03/2015 or 2015-03-12 → 2015-03-12 (checked as a real date). */
const birthDate = z
  .string()
  .trim()
  .transform((v) =>
    v.replace(
      /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/,
      (_, d, m, y) => `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`,
    ),
  )
  .pipe(z.iso.date('Escribe la fecha como AAAA-MM-DD o DD/MM/AAAA.'));

/** One data row, as strings by column key, checked and typed. */
export const studentImportRowSchema = z
  .object({
    nombre: text(100).min(1, 'Escribe el nombre.'),
    apellidos: text(100).min(1, 'Escribe los apellidos.'),
    nivel: z.string().transform((v, ctx) => {
      const level = levelFromCell(v);
      if (!level)
        ctx.addIssue({
          code: 'custom',
          message:
            'Nivel desconocido: usa Preescolar, Primaria, Secundaria, Preparatoria o Universidad.',
        });
      return level as EducationLevel;
    }),
    grupo: optional(text(60)),
    curp: optional(curpSchema),
    matricula: optional(text(30)),
    genero: optional(z.string().trim().toUpperCase().pipe(genderSchema)),
    fecha_nacimiento: optional(birthDate),
    tutor_nombre: optional(text(100)),
    tutor_apellidos: optional(text(100)),
    tutor_correo: optional(z.email('Escribe un correo válido.').trim().toLowerCase()),
    tutor_telefono: optional(text(20)),
    tutor_rfc: optional(
      z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^[A-ZÑ&]{3,4}\d{6}[A-Z\d]{3}$/, 'El RFC debe tener 12 o 13 caracteres válidos.'),
    ),
  })
  .superRefine((row, ctx) => {
    const anyGuardian =
      row.tutor_apellidos || row.tutor_correo || row.tutor_telefono || row.tutor_rfc;
    if (anyGuardian && !row.tutor_nombre)
      ctx.addIssue({
        code: 'custom',
        path: ['tutor_nombre'],
        message: 'Escribe el nombre del tutor.',
      });
    if (row.tutor_nombre && !row.tutor_apellidos)
      ctx.addIssue({
        code: 'custom',
        path: ['tutor_apellidos'],
        message: 'Escribe los apellidos del tutor.',
      });
  });
export type StudentImportRow = z.infer<typeof studentImportRowSchema>;

/** Spec §4 job status. A PENDING job with started_at is being processed. */
export const IMPORT_JOB_STATUSES = ['PENDING', 'FINISHED', 'ERROR', 'FINISHED_WITH_ERROR'] as const;
export const importJobStatusSchema = z.enum(IMPORT_JOB_STATUSES);
export type ImportJobStatus = z.infer<typeof importJobStatusSchema>;
export const IMPORT_JOB_STATUS_LABELS: Record<ImportJobStatus, string> = {
  PENDING: 'En proceso',
  FINISHED: 'Terminada',
  ERROR: 'Falló',
  FINISHED_WITH_ERROR: 'Terminada con errores',
};

export const importJobSchema = z.object({
  id: z.string(),
  school_id: z.string(),
  status: importJobStatusSchema,
  file_name: z.string(),
  total_rows: z.number().int(),
  processed_rows: z.number().int(),
  created_rows: z.number().int(),
  skipped_rows: z.number().int(),
  error_rows: z.number().int(),
  /** Why the whole job failed (status ERROR), in Spanish. */
  failure: z.string().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type ImportJob = z.infer<typeof importJobSchema>;
export const importJobListSchema = z.object({ results: z.array(importJobSchema) });

/** GET /api/v1/internal/importer/?school_id= and the template's ?school_id=&format=. */
export const importSchoolQuerySchema = z.object({ school_id: z.uuid('Elige una escuela válida.') });
export const importFileQuerySchema = z.object({ format: importFormatSchema.default('xlsx') });
/** GET /api/v1/internal/importer/template/: the school and the file kind. */
export const importTemplateQuerySchema = importSchoolQuerySchema.extend(
  importFileQuerySchema.shape,
);
/** POST /api/v1/internal/importer/: run a job that failed (ERROR) again. */
export const retryImportSchema = z.strictObject({
  job_id: z.uuid('Elige una importación válida.'),
});
