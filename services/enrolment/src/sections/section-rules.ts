import { EDUCATION_LEVEL_LABELS, type EducationLevel } from '@cuota/contracts/enrolment/entities';
import {
  LEVEL_GRADES,
  sectionNameOf,
  type CreateSection,
  type Section,
  type SectionForm,
} from '@cuota/contracts/enrolment/levels';
import { conflict, HttpError } from '@cuota/service-runtime/http/http-error';

export const UNKNOWN_SECTION = 'No encontramos este grupo.';
export type SectionInput = Omit<CreateSection, 'school_id'>;

const studentsText = (n: number) => (n === 1 ? '1 alumno asignado' : `${n} alumnos asignados`);

/** The form's grade and group become the section's name ("1° A") and grade. */
export const fromForm = (form: SectionForm): SectionInput => ({
  level_id: form.level_id,
  name: sectionNameOf(form.grade, form.group),
  grade: form.grade,
  capacity: form.capacity,
});

/** A grade the level has (preescolar 1–3, primaria 1–6…), or a 400 on `grade`. */
export function checkGrade(level: { name: string; level: string }, grade: number | null): void {
  const max = LEVEL_GRADES[level.level as EducationLevel];
  if (grade !== null && grade > max)
    throw new HttpError(
      400,
      'VALIDATION_FAILED',
      'Revisa los datos enviados en el cuerpo de la solicitud.',
      [{ path: 'grade', message: `${level.name} tiene grados del 1 al ${max}.` }],
    );
}

/** Students carry their level too: moving a section with students would split them. */
export function checkLevelMove(section: Section, levelId: string): void {
  if (levelId !== section.level_id && section.students > 0)
    throw conflict(
      `El grupo ${section.name} tiene ${studentsText(section.students)}; no puede cambiar de nivel.`,
    );
}

/** Sections with students block a deletion, each named in the details (nothing deleted). */
export function sectionDeletionBlocker(found: readonly Section[]): HttpError | null {
  const blocking = found.filter((s) => s.students > 0);
  if (!blocking.length) return null;
  const first = blocking[0]!;
  return new HttpError(
    409,
    'CONFLICT',
    blocking.length === 1
      ? `No se puede eliminar el grupo ${first.name}: tiene ${studentsText(first.students)}. Cámbialos de grupo primero.`
      : `No se eliminó ningún grupo: ${blocking.length} tienen alumnos asignados. Cámbialos de grupo primero.`,
    blocking.map((s) => ({
      path: s.id,
      message: `${s.name} (${EDUCATION_LEVEL_LABELS[s.level]}) tiene ${studentsText(s.students)}.`,
    })),
  );
}
