import { anyone, familyOrStaff, staffOnly } from '@cuota/contracts/access/access';
import { defineEndpoint, uuidParams } from '@cuota/contracts/http/endpoint';
import {
  admissionConceptsResultSchema,
  admissionConceptsSchema,
  admissionGuardianDetailSchema,
  admissionStudentSchema,
  checkPaymentsBatchSchema,
  createAdmissionGuardianSchema,
  createLeadSchema,
  deleteAdmissionGuardianQuerySchema,
  inscribeApplicantSchema,
  inscribedApplicantSchema,
  inscriptionPageSchema,
  inscriptionsQuerySchema,
  linkGuardianSchema,
  paymentCheckListSchema,
  paymentCheckSchema,
  promoteLeadSchema,
  studentInscriptionsSchema,
  updateAdmissionGuardianSchema,
} from '../admissions';
import { schoolSignupResultSchema, schoolSignupSchema } from '../signup';
import { UNKNOWN_GUARDIAN } from './guardians';
import { UNKNOWN_STUDENT } from './students';
import { INICIO_READ_PATHS } from '@cuota/contracts/http/inicio-read-paths';

const admission = { domain: 'enrolment', surface: 'dashboard', spec: 'spec' } as const;
const oneLead = { params: uuidParams('id'), notFound: UNKNOWN_STUDENT } as const;
const oneGuardian = { params: uuidParams('id'), notFound: UNKNOWN_GUARDIAN } as const;

export const createLead = defineEndpoint({
  ...admission,
  name: 'enrolment.admissions.create-lead',
  method: 'POST',
  path: '/api/v1/admissions/create_lead/',
  access: staffOnly('admissions.write'),
  summary: 'Registrar a un interesado con sus tutores',
  body: createLeadSchema,
  response: admissionStudentSchema,
  status: 201,
  idempotencyKey: 'optional',
});

export const readLead = defineEndpoint({
  ...admission,
  ...oneLead,
  name: 'enrolment.admissions.read-lead',
  method: 'GET',
  path: '/api/v1/admissions/student_lead/{id}/',
  access: staffOnly('admissions.read'),
  summary: 'El expediente de admisión: alumno, tutores y conceptos',
  response: admissionStudentSchema,
});

export const promoteLead = defineEndpoint({
  ...admission,
  ...oneLead,
  name: 'enrolment.admissions.promote-lead',
  method: 'POST',
  path: '/api/v1/admissions/student_lead/{id}/applicant/',
  access: staffOnly('admissions.write'),
  summary: 'El interesado pasa a aspirante',
  spec: { capability: 'Paso del tablero de admisiones: interesado → aspirante (ADR 0012).' },
  body: promoteLeadSchema,
  response: admissionStudentSchema,
});

export const inscribeApplicant = defineEndpoint({
  ...admission,
  ...oneLead,
  name: 'enrolment.admissions.inscribe',
  method: 'POST',
  path: '/api/v1/admissions/student_lead/{id}/inscribe/',
  access: staffOnly('admissions.write'),
  summary: 'Inscribir al aspirante (con pago, o sin pago indicando el motivo)',
  spec: { capability: 'Paso del tablero de admisiones: aspirante → inscrito (ADR 0012).' },
  body: inscribeApplicantSchema,
  response: inscribedApplicantSchema,
});

export const deleteAdmissionStudent = defineEndpoint({
  ...admission,
  ...oneLead,
  name: 'enrolment.admissions.delete-student',
  method: 'DELETE',
  path: '/api/v1/admissions/delete_student/{id}/',
  access: staffOnly('admissions.write'),
  summary: 'Eliminar a un interesado o aspirante que no se inscribirá',
  status: 204,
  produces: 'none',
});

export const inscriptionsBoard = defineEndpoint({
  ...admission,
  name: 'enrolment.admissions.board',
  method: 'GET',
  path: INICIO_READ_PATHS.inscriptions,
  access: staffOnly('admissions.read'),
  summary: 'Una columna del tablero de admisiones, paginada',
  params: uuidParams('id'),
  query: inscriptionsQuerySchema,
  response: inscriptionPageSchema,
});

/** Part of the student's record (students.read), as the BFF's route table classifies it. */
export const studentInscriptions = defineEndpoint({
  ...admission,
  ...oneLead,
  name: 'enrolment.admissions.student-history',
  method: 'GET',
  path: '/academic-coordinator/students/{id}/inscriptions/',
  access: staffOnly('students.read'),
  summary: 'Historial de admisión del alumno y sus conceptos',
  response: studentInscriptionsSchema,
});

export const createAdmissionGuardian = defineEndpoint({
  ...admission,
  name: 'enrolment.admissions.create-guardian',
  method: 'POST',
  path: '/api/v1/admissions/create_guardian/',
  access: staffOnly('admissions.write'),
  summary: 'Registrar a un tutor en la escuela (y ligarlo a un interesado)',
  body: createAdmissionGuardianSchema,
  response: admissionGuardianDetailSchema,
  status: 201,
  idempotencyKey: 'optional',
});

export const readAdmissionGuardian = defineEndpoint({
  ...admission,
  ...oneGuardian,
  name: 'enrolment.admissions.read-guardian',
  method: 'GET',
  path: '/api/v1/admissions/guardian/{id}/',
  access: staffOnly('admissions.read'),
  summary: 'El tutor con sus alumnos en la escuela',
  response: admissionGuardianDetailSchema,
});

export const linkAdmissionGuardian = defineEndpoint({
  ...admission,
  ...oneGuardian,
  name: 'enrolment.admissions.link-guardian',
  method: 'POST',
  path: '/api/v1/admissions/link_guardian/{id}/',
  access: staffOnly('admissions.write'),
  summary: 'Ligar a un tutor conocido con un interesado',
  body: linkGuardianSchema,
  response: admissionGuardianDetailSchema,
});

export const updateAdmissionGuardian = defineEndpoint({
  ...admission,
  ...oneGuardian,
  name: 'enrolment.admissions.update-guardian',
  method: 'PUT',
  path: '/api/v1/admissions/update_guardian/{id}/',
  access: staffOnly('admissions.write'),
  summary: 'Corregir los datos de contacto de un tutor',
  body: updateAdmissionGuardianSchema,
  response: admissionGuardianDetailSchema,
});

export const deleteAdmissionGuardian = defineEndpoint({
  ...admission,
  ...oneGuardian,
  name: 'enrolment.admissions.delete-guardian',
  method: 'DELETE',
  path: '/api/v1/admissions/delete_guardian/{id}/',
  access: staffOnly('admissions.write'),
  summary: 'Eliminar a un tutor de admisiones que no tiene otros alumnos',
  query: deleteAdmissionGuardianQuerySchema,
  status: 204,
  produces: 'none',
});

/** The spec lists them under billing; enrolment owns the admission they belong to. */
const conceptsDomainReason =
  'La admisión es de enrolment; billing recibe los conceptos con enrolment.inscription.concepts_assigned/_unassigned.';

export const assignAdmissionConcepts = defineEndpoint({
  ...admission,
  name: 'enrolment.admissions.assign-concepts',
  method: 'POST',
  path: '/api/v1/admissions/assign_concepts/',
  domainReason: conceptsDomainReason,
  access: staffOnly('admissions.write'),
  summary: 'Asignar conceptos de cobro a un interesado o aspirante',
  body: admissionConceptsSchema,
  response: admissionConceptsResultSchema,
  notFound: UNKNOWN_STUDENT,
});

export const unassignAdmissionConcepts = defineEndpoint({
  ...admission,
  name: 'enrolment.admissions.unassign-concepts',
  method: 'POST',
  path: '/api/v1/admissions/unassign_concepts/',
  domainReason: conceptsDomainReason,
  access: staffOnly('admissions.write'),
  summary: 'Quitar conceptos de cobro de un interesado o aspirante',
  body: admissionConceptsSchema,
  response: admissionConceptsResultSchema,
  notFound: UNKNOWN_STUDENT,
});

export const checkPayments = defineEndpoint({
  ...admission,
  ...oneLead,
  name: 'enrolment.admissions.check-payments',
  method: 'GET',
  path: '/api/v1/admissions/check_payments/{id}/',
  access: staffOnly('admissions.read'),
  summary: 'Preguntar a cobranza si la inscripción está pagada (y, si lo está, inscribir)',
  response: paymentCheckSchema,
});

/** Several students of one school: its staff, or a guardian for their own children. */
export const checkPaymentsBatch = defineEndpoint({
  ...admission,
  name: 'enrolment.admissions.check-payments-batch',
  method: 'POST',
  path: '/api/v2/schools/inscriptions/check_payments/',
  surface: 'portal',
  access: familyOrStaff('admissions.read'),
  summary: 'Revisar el pago de inscripción de varios alumnos de la escuela',
  body: checkPaymentsBatchSchema,
  response: paymentCheckListSchema,
  notFound: UNKNOWN_STUDENT,
});

/** The store's sign-up form: anyone, while the school is public (the BFF limits the rate). */
export const schoolSignup = defineEndpoint({
  ...admission,
  name: 'enrolment.admissions.signup',
  method: 'POST',
  path: '/api/v1/schools/{id}/signup/',
  surface: 'store',
  access: anyone(),
  summary: 'Una familia deja sus datos desde el sitio de la escuela',
  params: uuidParams('id'),
  body: schoolSignupSchema,
  response: schoolSignupResultSchema,
  status: 201,
  notFound: 'No encontramos esta escuela.',
  idempotencyKey: 'optional',
});

export const ADMISSION_ENDPOINTS = [
  createLead,
  readLead,
  promoteLead,
  inscribeApplicant,
  deleteAdmissionStudent,
  inscriptionsBoard,
  studentInscriptions,
  createAdmissionGuardian,
  readAdmissionGuardian,
  linkAdmissionGuardian,
  updateAdmissionGuardian,
  deleteAdmissionGuardian,
  assignAdmissionConcepts,
  unassignAdmissionConcepts,
  checkPayments,
  checkPaymentsBatch,
  schoolSignup,
] as const;
