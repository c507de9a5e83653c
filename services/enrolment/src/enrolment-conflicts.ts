import type { UniqueViolationMessages } from '@cuota/service-runtime/http/unique-violation';

/**
 * What a person is told when one of enrolment's unique indexes refuses a write: the index
 * caught a duplicate that a check ran too late to see (two clicks, two tabs, a retry). The
 * service's error handler answers each as a Spanish 409 (service-runtime unique-violation.ts).
 */
export const ENROLMENT_UNIQUE_VIOLATIONS: UniqueViolationMessages = {
  school_cycles_school_name_uq: 'Ya existe un ciclo con ese nombre en la escuela.',
  school_cycles_one_active_uq: 'La escuela ya tiene un ciclo activo.',
  levels_school_level_uq: 'La escuela ya ofrece ese nivel.',
  sections_level_name_uq: 'Ya existe un grupo con ese nombre en ese nivel.',
  students_school_curp_uq: 'Ya hay un alumno con esta CURP en la escuela.',
  students_school_code_uq: 'Ya hay un alumno con esta matrícula en la escuela.',
  students_school_external_ref_uq: 'Este alumno ya se importó en la escuela.',
  staff_users_email_uq: 'Ya hay una cuenta del personal con este correo.',
  staff_memberships_user_id_school_id_pk: 'Esta persona ya forma parte del personal de la escuela.',
  guardian_schools_guardian_id_school_id_pk: 'Este tutor ya está registrado en la escuela.',
  student_guardians_student_id_guardian_id_pk: 'Este tutor ya está vinculado al alumno.',
  admission_concepts_student_id_concept_id_pk: 'Este concepto ya está asignado al alumno.',
  school_attributes_school_id_name_pk: 'La escuela ya tiene ese dato.',
};
