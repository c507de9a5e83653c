import { z } from 'zod';
import { bffOnly, familyOnly, familyOrStaff, staffOnly } from '@cuota/contracts/access/access';
import { defineEndpoint, uuidParams } from '@cuota/contracts/http/endpoint';
import { guardianIdentitySchema } from '@cuota/contracts/identity/sign-in';
import {
  assignBillingResultListSchema,
  assignBillingSchema,
  assignBillingsSchema,
  dashboardGuardiansQuerySchema,
  guardianDetailSchema,
  guardianListQuerySchema,
  guardianPageSchema,
  guardianPortalUrlSchema,
  guardianRepublishedSchema,
  patchGuardianSchema,
  replaceGuardianSchema,
} from '../guardian-profile';
import { guardianMeSchema } from '@cuota/contracts/enrolment/responses';

export const UNKNOWN_GUARDIAN = 'No encontramos a este tutor.';

const guardian = { domain: 'enrolment', spec: 'spec' } as const;
const oneGuardian = { params: uuidParams('id'), notFound: UNKNOWN_GUARDIAN } as const;

/** The BFF's sign-in look-up by the guardian's link, before anyone is signed in. */
export const guardianByHash = defineEndpoint({
  ...guardian,
  name: 'enrolment.guardians.by-hash',
  method: 'GET',
  path: '/internal/guardians/by-hash/{hash}',
  surface: 'internal',
  access: bffOnly(),
  summary: 'El tutor de un enlace de portal (inicio de sesión del BFF)',
  spec: { capability: 'Consulta interna del BFF para iniciar sesión con el enlace del tutor.' },
  params: z.object({ hash: z.string().min(16).max(128) }),
  response: guardianIdentitySchema,
  notFound: UNKNOWN_GUARDIAN,
});

/**
 * The school's guardians with this e-mail (a family that lost its link asks by e-mail). A
 * POST so the e-mail stays out of URLs and access logs.
 */
export const guardiansByEmail = defineEndpoint({
  ...guardian,
  name: 'enrolment.guardians.by-email',
  method: 'POST',
  path: '/internal/guardians/by-email/',
  surface: 'internal',
  access: bffOnly(),
  summary: 'Los tutores de una escuela con un correo (recuperar la liga de acceso)',
  spec: { capability: 'Consulta interna del BFF para enviar la liga de acceso por escuela.' },
  body: z.strictObject({ school_id: z.uuid(), email: z.email().max(200) }),
  response: z.array(guardianIdentitySchema),
});

export const guardianMe = defineEndpoint({
  ...guardian,
  name: 'enrolment.guardians.me',
  method: 'GET',
  path: '/api/v1/guardians/me/',
  surface: 'portal',
  access: familyOnly(),
  summary: 'El tutor que inició sesión, sus escuelas y sus hijos con sus tutores',
  response: guardianMeSchema,
  notFound: UNKNOWN_GUARDIAN,
});

/** A guardian reads only themselves; staff the guardians of their schools. */
export const readGuardian = defineEndpoint({
  ...guardian,
  ...oneGuardian,
  name: 'enrolment.guardians.read',
  method: 'GET',
  path: '/api/v1/guardians/{id}/',
  surface: 'portal',
  access: familyOrStaff('guardians.read'),
  summary: 'Datos de contacto y de facturación del tutor',
  response: guardianDetailSchema,
});

export const replaceGuardian = defineEndpoint({
  ...guardian,
  ...oneGuardian,
  name: 'enrolment.guardians.replace',
  method: 'PUT',
  path: '/api/v1/guardians/{id}/',
  surface: 'portal',
  access: familyOrStaff('guardians.write'),
  summary: 'Corregir todos los datos de contacto y de facturación del tutor',
  body: replaceGuardianSchema,
  response: guardianDetailSchema,
});

export const updateGuardian = defineEndpoint({
  ...guardian,
  ...oneGuardian,
  name: 'enrolment.guardians.update',
  method: 'PATCH',
  path: '/api/v1/guardians/{id}/',
  surface: 'portal',
  access: familyOrStaff('guardians.write'),
  summary: 'Corregir algunos datos de contacto o de facturación del tutor',
  body: patchGuardianSchema,
  response: guardianDetailSchema,
});

/**
 * The billing guardian is a property of the student, which enrolment owns (guardian.me
 * returns it); invoicing learns each assignment from enrolment.student.updated.
 */
const billingDomainReason =
  'El tutor de facturación es un dato del alumno, que es de enrolment; invoicing lo recibe con enrolment.student.updated.';

/** Staff with students.write in the student's school, or a guardian for their own children. */
export const assignBilling = defineEndpoint({
  ...guardian,
  name: 'enrolment.guardians.assign-billing',
  method: 'PATCH',
  path: '/api/v1/guardians/assign_billing/',
  domainReason: billingDomainReason,
  surface: 'portal',
  access: familyOrStaff('students.write'),
  summary: 'Elegir al tutor que recibe las facturas de un alumno',
  body: assignBillingSchema,
  response: assignBillingResultListSchema,
  notFound: 'No encontramos a este alumno.',
});

export const assignBillings = defineEndpoint({
  ...guardian,
  name: 'enrolment.guardians.assign-billings',
  method: 'PATCH',
  path: '/api/v1/guardians/assign_billings/',
  domainReason: billingDomainReason,
  surface: 'portal',
  access: familyOrStaff('students.write'),
  summary: 'Elegir el tutor de facturación de varios alumnos (todos o ninguno)',
  body: assignBillingsSchema,
  response: assignBillingResultListSchema,
  notFound: 'No encontramos a este alumno.',
});

export const listSchoolGuardians = defineEndpoint({
  ...guardian,
  name: 'enrolment.guardians.list-of-school',
  method: 'GET',
  path: '/api/v1/dashboard/schools/{id}/guardians/',
  surface: 'dashboard',
  access: staffOnly('guardians.read'),
  summary: 'Tutores de la escuela, con búsqueda por nombre, correo o RFC',
  params: uuidParams('id'),
  query: guardianListQuerySchema,
  response: guardianPageSchema,
});

export const listDashboardGuardians = defineEndpoint({
  ...guardian,
  name: 'enrolment.guardians.list-dashboard',
  method: 'GET',
  path: '/api/v1/dashboard/guardians/',
  surface: 'dashboard',
  access: staffOnly('guardians.read'),
  summary: 'Tutores de la escuela indicada en la consulta',
  query: dashboardGuardiansQuerySchema,
  response: guardianPageSchema,
});

export const guardianPortalUrl = defineEndpoint({
  ...guardian,
  name: 'enrolment.guardians.portal-url',
  method: 'GET',
  path: '/api/v1/dashboard/schools/{id}/guardians/{guardian}/portal_url/',
  surface: 'dashboard',
  access: staffOnly('guardians.read'),
  summary: 'El enlace personal del tutor a su portal, para enviárselo',
  params: uuidParams('id', 'guardian'),
  response: guardianPortalUrlSchema,
});

/** Re-publishes the guardian as it is now, so invoicing resyncs (newest snapshot wins). */
export const republishGuardian = defineEndpoint({
  ...guardian,
  ...oneGuardian,
  name: 'enrolment.guardians.republish',
  method: 'POST',
  path: '/api/v4/dashboard/trigger-save-action/guardians/{id}/',
  surface: 'dashboard',
  access: staffOnly('guardians.write'),
  summary: 'Volver a publicar al tutor para que los demás servicios se actualicen',
  response: guardianRepublishedSchema,
  status: 202,
});

export const GUARDIAN_ENDPOINTS = [
  guardianByHash,
  guardiansByEmail,
  guardianMe,
  readGuardian,
  replaceGuardian,
  updateGuardian,
  assignBilling,
  assignBillings,
  listSchoolGuardians,
  listDashboardGuardians,
  guardianPortalUrl,
  republishGuardian,
] as const;
