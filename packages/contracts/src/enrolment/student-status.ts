import { z } from 'zod';
import {
  STUDENT_STATUSES,
  studentStatusSchema,
  type StudentStatus,
} from '@cuota/contracts/enrolment/entities';

/**
 * Which student status may follow which (docs/adr/0008-student-status-transitions.md).
 * The service enforces it in one place (students/status/change-student-status.ts) and the
 * dashboard offers only these moves. A status missing as a key has no way out.
 */
export const STUDENT_STATUS_TRANSITIONS: Readonly<Record<StudentStatus, readonly StudentStatus[]>> =
  {
    lead: ['new_student', 'dropped_out'],
    new_student: ['active', 'dropped_out'],
    active: ['inactive', 'graduated', 'dropped_out'],
    inactive: ['active', 'dropped_out'],
    graduated: [],
    // A family that comes back goes through admission again (re-admission).
    dropped_out: ['new_student'],
  };

export function allowedTransitions(from: StudentStatus): readonly StudentStatus[] {
  return STUDENT_STATUS_TRANSITIONS[from];
}

export function canTransition(from: StudentStatus, to: StudentStatus): boolean {
  return STUDENT_STATUS_TRANSITIONS[from].includes(to);
}

/** Leaving (temporarily or for good) needs a reason the school can read later. */
export const STATUSES_NEEDING_REASON: readonly StudentStatus[] = ['inactive', 'dropped_out'];

/** How the dashboard labels each status (badges, filters). */
export const STUDENT_STATUS_LABELS: Record<StudentStatus, string> = {
  lead: 'Prospecto',
  new_student: 'Nuevo ingreso',
  active: 'Activo',
  inactive: 'Inactivo',
  graduated: 'Egresado',
  dropped_out: 'Baja definitiva',
};

/** The action a button offers to move a student into each status. */
export const STUDENT_STATUS_ACTIONS: Record<StudentStatus, string> = {
  lead: 'Volver a prospecto',
  new_student: 'Admitir como nuevo ingreso',
  active: 'Activar',
  inactive: 'Inactivar',
  graduated: 'Marcar como egresado',
  dropped_out: 'Dar de baja definitiva',
};

/** "Un alumno egresado" … as the subject of a sentence. */
const AS_SUBJECT: Record<StudentStatus, string> = {
  lead: 'Un prospecto',
  new_student: 'Un alumno de nuevo ingreso',
  active: 'Un alumno activo',
  inactive: 'Un alumno inactivo',
  graduated: 'Un alumno egresado',
  dropped_out: 'Un alumno dado de baja',
};

/** … "no puede pasar a inactivo". */
const AS_TARGET: Record<StudentStatus, string> = {
  lead: 'prospecto',
  new_student: 'nuevo ingreso',
  active: 'activo',
  inactive: 'inactivo',
  graduated: 'egresado',
  dropped_out: 'baja definitiva',
};

/** The 409's message, naming both statuses: "Un alumno egresado no puede pasar a inactivo." */
export function transitionRefusal(from: StudentStatus, to: StudentStatus): string {
  if (from === to) return `El alumno ya está en ${AS_TARGET[to]}.`;
  return `${AS_SUBJECT[from]} no puede pasar a ${AS_TARGET[to]}.`;
}

const reason = z.string().trim().max(500, 'El motivo no puede pasar de 500 caracteres.');

/**
 * POST /api/v1/dashboard/students/{id}/status/ (our extension): any allowed move, with a
 * reason; inactivate (DELETE) and reactivate (PATCH) are the spec's two named moves.
 */
export const changeStudentStatusSchema = z
  .strictObject({
    status: z.enum(STUDENT_STATUSES, 'Elige un estatus válido.'),
    reason: reason.optional(),
  })
  .superRefine((input, ctx) => {
    if (STATUSES_NEEDING_REASON.includes(input.status) && !input.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Escribe el motivo.' });
  });
export type ChangeStudentStatus = z.infer<typeof changeStudentStatusSchema>;

/** DELETE …/inactivate/ needs a reason; PATCH …/reactivate/ may carry one. */
export const inactivateStudentSchema = z.strictObject({
  reason: reason.min(1, 'Escribe el motivo.'),
});
export const reactivateStudentSchema = z.strictObject({ reason: reason.optional() });

/**
 * One row of GET /api/v1/dashboard/students/{id}/status_history/ (our capability row,
 * students.read): a move recorded by changeStudentStatus or the student's registration.
 */
export const studentStatusChangeSchema = z.object({
  id: z.string(),
  /** null for the first row: the status the student was registered with. */
  from_status: studentStatusSchema.nullable(),
  to_status: studentStatusSchema,
  reason: z.string().nullable(),
  /** ISO 8601 instant. */
  changed_at: z.string(),
  /** Staff user id; null for a family's own sign-up, an import or the system. */
  changed_by: z.string().nullable(),
  /** That staff member's name, when known. */
  changed_by_name: z.string().nullable(),
});
export type StudentStatusChange = z.infer<typeof studentStatusChangeSchema>;
/** The whole history, newest first. */
export const studentStatusHistorySchema = z.array(studentStatusChangeSchema);
