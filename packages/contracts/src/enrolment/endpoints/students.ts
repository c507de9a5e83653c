import { z } from 'zod';
import { familyOrStaff, staffOnly } from '@cuota/contracts/access/access';
import { defineEndpoint, uuidParams } from '@cuota/contracts/http/endpoint';
import {
  patchStudentSchema,
  studentDetailSchema,
  studentGuardianSchema,
  studentReplaceBodySchema,
  studentRepublishedSchema,
} from '@cuota/contracts/enrolment/student-detail';
import {
  dashboardStudentsQuerySchema,
  studentExportQuerySchema,
  studentFilterOptionsSchema,
  studentListPageSchema,
  studentsByLevelQuerySchema,
} from '../student-list';
import {
  changeStudentStatusSchema,
  inactivateStudentSchema,
  reactivateStudentSchema,
  studentStatusHistorySchema,
} from '../student-status';
import { createStudentSchema } from '../students';
import { INICIO_READ_PATHS } from '@cuota/contracts/http/inicio-read-paths';

export const UNKNOWN_STUDENT = 'No encontramos a este alumno.';

const student = { domain: 'enrolment', spec: 'spec' } as const;
const oneStudent = { params: uuidParams('id'), notFound: UNKNOWN_STUDENT } as const;

/** The school's students, filtered and paged (school in the query: staff may have several). */
export const listStudents = defineEndpoint({
  ...student,
  name: 'enrolment.students.list',
  method: 'GET',
  path: '/api/v1/students/',
  surface: 'portal',
  access: staffOnly('students.read'),
  summary: 'Alumnos de una escuela, con filtros y paginados',
  query: dashboardStudentsQuerySchema,
  response: studentListPageSchema,
});

export const registerStudent = defineEndpoint({
  ...student,
  name: 'enrolment.students.create',
  method: 'POST',
  path: '/api/v1/students/',
  surface: 'portal',
  access: staffOnly('students.write'),
  summary: 'Dar de alta a un alumno con sus tutores',
  body: createStudentSchema,
  response: studentDetailSchema,
  status: 201,
  idempotencyKey: 'optional',
});

/** Staff of the student's school, or one of the student's guardians. */
export const readStudent = defineEndpoint({
  ...student,
  ...oneStudent,
  name: 'enrolment.students.read',
  method: 'GET',
  path: '/api/v1/students/{id}/',
  surface: 'portal',
  access: familyOrStaff('students.read'),
  summary: 'Ficha del alumno: datos, grupo, estatus y tutores',
  response: studentDetailSchema,
});

/** Staff edit placement and matrícula too; a guardian of the student only personal data. */
export const replaceStudent = defineEndpoint({
  ...student,
  ...oneStudent,
  name: 'enrolment.students.replace',
  method: 'PUT',
  path: '/api/v1/students/{id}/',
  surface: 'portal',
  access: familyOrStaff('students.write'),
  summary: 'Corregir todos los datos del alumno (el tutor, solo los personales)',
  body: studentReplaceBodySchema,
  response: studentDetailSchema,
});

export const updateStudent = defineEndpoint({
  ...student,
  ...oneStudent,
  name: 'enrolment.students.update',
  method: 'PATCH',
  path: '/api/v1/students/{id}/',
  surface: 'portal',
  access: familyOrStaff('students.write'),
  summary: 'Corregir algunos datos del alumno (el tutor, solo los personales)',
  body: patchStudentSchema,
  response: studentDetailSchema,
});

export const listStudentsByLevel = defineEndpoint({
  ...student,
  name: 'enrolment.students.by-level',
  method: 'GET',
  path: '/api/v2/dashboard/schools/{id}/students_by_level/',
  surface: 'dashboard',
  access: staffOnly('students.read'),
  summary: 'Alumnos de la escuela por nivel, con filtros y paginados',
  params: uuidParams('id'),
  query: studentsByLevelQuerySchema,
  response: studentListPageSchema,
});

export const listSchoolStudents = defineEndpoint({
  ...student,
  name: 'enrolment.students.list-of-school',
  method: 'GET',
  path: '/api/v1/dashboard/schools/{id}/students/',
  surface: 'dashboard',
  access: staffOnly('students.read'),
  summary: 'Alumnos de la escuela (mismos filtros que por nivel)',
  params: uuidParams('id'),
  query: studentsByLevelQuerySchema,
  response: studentListPageSchema,
});

export const listDashboardStudents = defineEndpoint({
  ...student,
  name: 'enrolment.students.list-dashboard',
  method: 'GET',
  path: '/api/v1/dashboard/students/',
  surface: 'dashboard',
  access: staffOnly('students.read'),
  summary: 'Alumnos de la escuela indicada en la consulta',
  query: dashboardStudentsQuerySchema,
  response: studentListPageSchema,
});

export const studentFilterOptions = defineEndpoint({
  ...student,
  name: 'enrolment.students.filters',
  method: 'GET',
  path: INICIO_READ_PATHS.studentLevels,
  surface: 'dashboard',
  access: staffOnly('students.read'),
  summary: 'Valores de cada filtro presentes en la escuela, con cuántos alumnos tienen',
  params: uuidParams('id'),
  response: studentFilterOptionsSchema,
});

export const exportStudents = defineEndpoint({
  ...student,
  name: 'enrolment.students.export',
  method: 'GET',
  path: '/api/v2/dashboard/schools/{id}/students_by_level/xlsx/',
  surface: 'dashboard',
  access: staffOnly('students.read'),
  summary: 'La lista filtrada de alumnos como hoja de Excel',
  spec: { capability: 'Exportar la lista de alumnos a Excel (docs/architecture.md).' },
  params: uuidParams('id'),
  query: studentExportQuerySchema,
  produces: 'xlsx',
});

export const inactivateStudent = defineEndpoint({
  ...student,
  ...oneStudent,
  name: 'enrolment.students.inactivate',
  method: 'DELETE',
  path: '/api/v1/dashboard/students/{id}/inactivate/',
  surface: 'dashboard',
  access: staffOnly('students.status'),
  summary: 'Inactivar a un alumno, con el motivo',
  body: inactivateStudentSchema,
  response: studentDetailSchema,
});

export const reactivateStudent = defineEndpoint({
  ...student,
  ...oneStudent,
  name: 'enrolment.students.reactivate',
  method: 'PATCH',
  path: '/api/v1/dashboard/students/{id}/reactivate/',
  surface: 'dashboard',
  access: staffOnly('students.status'),
  summary: 'Reactivar a un alumno inactivo',
  body: reactivateStudentSchema,
  response: studentDetailSchema,
});

export const changeStudentStatus = defineEndpoint({
  ...student,
  ...oneStudent,
  name: 'enrolment.students.change-status',
  method: 'POST',
  path: '/api/v1/dashboard/students/{id}/status/',
  surface: 'dashboard',
  access: staffOnly('students.status'),
  summary: 'Mover al alumno a otro estatus que la tabla de transiciones permite',
  spec: {
    capability: 'Cambios de estatus distintos de inactivar y reactivar (ADR 0008).',
  },
  body: changeStudentStatusSchema,
  response: studentDetailSchema,
});

export const studentStatusHistory = defineEndpoint({
  ...student,
  ...oneStudent,
  name: 'enrolment.students.status-history',
  method: 'GET',
  path: '/api/v1/dashboard/students/{id}/status_history/',
  surface: 'dashboard',
  access: staffOnly('students.read'),
  summary: 'Historial de estatus del alumno: quién, cuándo y por qué',
  spec: { capability: 'Historial de cambios de estatus del alumno (ADR 0008).' },
  response: studentStatusHistorySchema,
});

export const uploadStudentPhoto = defineEndpoint({
  ...student,
  ...oneStudent,
  name: 'enrolment.students.upload-photo',
  method: 'PUT',
  path: '/api/v2/students/{id}/upload_photo/',
  surface: 'portal',
  access: familyOrStaff('students.write'),
  summary: 'Subir o reemplazar la foto del alumno (campo «photo»)',
  bodyType: 'multipart',
  response: studentDetailSchema,
});

export const studentPhoto = defineEndpoint({
  ...student,
  ...oneStudent,
  name: 'enrolment.students.photo',
  method: 'GET',
  path: '/api/v2/students/{id}/photo/',
  surface: 'portal',
  access: familyOrStaff('students.read'),
  summary: 'La foto del alumno',
  spec: { capability: 'Servir la foto que guarda upload_photo (docs/architecture.md).' },
  produces: 'image',
});

export const guardiansOfStudent = defineEndpoint({
  ...student,
  ...oneStudent,
  name: 'enrolment.students.guardians',
  method: 'GET',
  path: '/api/v1/dashboard/students/{id}/guardians/',
  surface: 'dashboard',
  access: staffOnly('guardians.read'),
  summary: 'Tutores del alumno, con el de facturación marcado',
  response: z.array(studentGuardianSchema),
});

/** Re-publishes the student as it is now, so billing and invoicing resync (newest wins). */
export const republishStudent = defineEndpoint({
  ...student,
  ...oneStudent,
  name: 'enrolment.students.republish',
  method: 'POST',
  path: '/api/v4/dashboard/trigger-save-action/students/{id}/',
  surface: 'dashboard',
  access: staffOnly('students.write'),
  summary: 'Volver a publicar al alumno para que los demás servicios se actualicen',
  response: studentRepublishedSchema,
  status: 202,
});

export const STUDENT_ENDPOINTS = [
  listStudents,
  registerStudent,
  readStudent,
  replaceStudent,
  updateStudent,
  listStudentsByLevel,
  listSchoolStudents,
  listDashboardStudents,
  studentFilterOptions,
  exportStudents,
  inactivateStudent,
  reactivateStudent,
  changeStudentStatus,
  studentStatusHistory,
  uploadStudentPhoto,
  studentPhoto,
  guardiansOfStudent,
  republishStudent,
] as const;
