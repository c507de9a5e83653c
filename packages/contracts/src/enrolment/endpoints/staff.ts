import { bffOnly, staffOnly } from '@cuota/contracts/access/access';
import { defineEndpoint, uuidParams } from '@cuota/contracts/http/endpoint';
import { staffCredentialsSchema, staffIdentitySchema } from '@cuota/contracts/identity/sign-in';
import {
  byEmailQuerySchema,
  byMembershipQuerySchema,
  createAdminSchema,
  createdAdminSchema,
  schoolAdminPageSchema,
  schoolAdminSchema,
  staffListQuerySchema,
  updateAdminPermissionsSchema,
  updateAdminSchema,
  userPermissionsSchema,
} from '@cuota/contracts/enrolment/staff';
import {
  createStaffUserSchema,
  patchStaffUserSchema,
  redeemInvitationSchema,
  replaceStaffUserSchema,
  requestPasswordResetSchema,
  resendInvitationSchema,
  resetPasswordSchema,
  resentInvitationSchema,
  staffUserProfileSchema,
} from '../staff-users';
import { UNKNOWN_SCHOOL } from '@cuota/contracts/enrolment/endpoints/schools';

export const UNKNOWN_ADMIN = 'No encontramos a esta persona en el personal de la escuela.';
export const UNKNOWN_USER = 'No encontramos a este usuario.';
const ADMINS = '/api/v1/dashboard/schools/{id}/admins/';
const USERS = '/api/v1/dashboard/schools/{id}/users/';
const staff = { domain: 'enrolment', surface: 'dashboard', spec: 'spec' } as const;
const ofSchool = { ...staff, params: uuidParams('id'), notFound: UNKNOWN_SCHOOL } as const;
const ofMember = { ...staff, params: uuidParams('id', 'admin'), notFound: UNKNOWN_ADMIN } as const;

// A school's staff (spec §6 "admins"): staff.read to list, staff.write to change.

export const listAdmins = defineEndpoint({
  ...ofSchool,
  name: 'enrolment.staff.list',
  method: 'GET',
  path: ADMINS,
  access: staffOnly('staff.read'),
  summary: 'El personal de la escuela, por nombre, con búsqueda',
  query: staffListQuerySchema,
  response: schoolAdminPageSchema,
});

/** Any member reads their own membership here. */
export const getMyAdmin = defineEndpoint({
  ...ofSchool,
  name: 'enrolment.staff.me',
  method: 'GET',
  path: `${ADMINS}me/`,
  access: staffOnly('member'),
  summary: 'Mi membresía en la escuela',
  response: schoolAdminSchema,
});

export const addAdmin = defineEndpoint({
  ...ofSchool,
  name: 'enrolment.staff.add',
  method: 'POST',
  path: ADMINS,
  access: staffOnly('staff.write'),
  summary: 'Agregar a alguien al personal (una persona nueva recibe una invitación)',
  body: createAdminSchema,
  response: createdAdminSchema,
  status: 201,
  idempotencyKey: 'optional',
});

export const changeAdminRole = defineEndpoint({
  ...ofMember,
  name: 'enrolment.staff.change-role',
  method: 'PUT',
  path: `${ADMINS}{admin}/`,
  access: staffOnly('staff.write'),
  summary: 'Cambiar el rol de alguien del personal',
  body: updateAdminSchema,
  response: schoolAdminSchema,
});

export const changeAdminPermissions = defineEndpoint({
  ...ofMember,
  name: 'enrolment.staff.change-permissions',
  method: 'PUT',
  path: `${ADMINS}{admin}/permissions/`,
  access: staffOnly('staff.write'),
  summary: 'Dar permisos explícitos a alguien del personal (null: los de su rol)',
  body: updateAdminPermissionsSchema,
  response: schoolAdminSchema,
});

export const removeAdmin = defineEndpoint({
  ...ofMember,
  name: 'enrolment.staff.remove',
  method: 'DELETE',
  path: `${ADMINS}{admin}/`,
  access: staffOnly('staff.write'),
  summary: 'Quitar a alguien del personal (su usuario sigue en sus otras escuelas)',
  status: 204,
  produces: 'none',
});

// The school's staff users looked up by search, e-mail or role, and what each may do.

export const listSchoolUsers = defineEndpoint({
  ...ofSchool,
  name: 'enrolment.staff.users',
  method: 'GET',
  path: USERS,
  access: staffOnly('staff.read'),
  summary: 'Usuarios del personal con sus permisos, con búsqueda',
  query: staffListQuerySchema,
  response: schoolAdminPageSchema,
});

export const findSchoolUserByEmail = defineEndpoint({
  ...ofSchool,
  name: 'enrolment.staff.user-by-email',
  method: 'GET',
  path: `${USERS}by-email/`,
  access: staffOnly('staff.read'),
  summary: 'Alguien del personal, por su correo',
  query: byEmailQuerySchema,
  response: schoolAdminSchema,
});

export const listSchoolUsersByRole = defineEndpoint({
  ...ofSchool,
  name: 'enrolment.staff.users-by-membership',
  method: 'GET',
  path: `${USERS}by-membership/`,
  access: staffOnly('staff.read'),
  summary: 'El personal con un rol',
  query: byMembershipQuerySchema,
  response: schoolAdminPageSchema,
});

/** Oneself always; anyone else's needs what listing the staff needs (the handler decides). */
export const getUserPermissions = defineEndpoint({
  ...staff,
  name: 'enrolment.staff.user-permissions',
  method: 'GET',
  path: `${USERS}{user}/permissions/`,
  access: staffOnly('member'),
  summary: 'Qué puede hacer alguien del personal en la escuela, y por qué',
  params: uuidParams('id', 'user'),
  response: userPermissionsSchema,
  notFound: UNKNOWN_ADMIN,
});

// Staff users as people (spec "users"), and the BFF's sign-in look-ups.

/** The same command as POST …/schools/{id}/admins/, with the school in the body. */
export const createStaffUser = defineEndpoint({
  ...staff,
  name: 'enrolment.users.create',
  method: 'POST',
  path: '/api/v1/users/',
  access: staffOnly('staff.write'),
  summary: 'Agregar a alguien al personal de la escuela indicada',
  body: createStaffUserSchema,
  response: createdAdminSchema,
  status: 201,
  notFound: UNKNOWN_SCHOOL,
  idempotencyKey: 'optional',
});

/** A fresh token is e-mailed; the previous one stops working (ADR 0013). */
export const resendInvitation = defineEndpoint({
  ...staff,
  name: 'enrolment.users.resend-invitation',
  method: 'POST',
  path: '/api/v1/users/email/',
  access: staffOnly('staff.write'),
  summary: 'Enviar de nuevo la invitación pendiente de alguien del personal',
  body: resendInvitationSchema,
  response: resentInvitationSchema,
  notFound: UNKNOWN_SCHOOL,
});

export const getMe = defineEndpoint({
  ...staff,
  name: 'enrolment.users.me',
  method: 'GET',
  path: '/api/v1/users/me/',
  access: staffOnly('member'),
  summary: 'El usuario del personal que llama, con sus membresías y permisos',
  response: staffIdentitySchema,
});

/**
 * Oneself with every membership; anyone else only with the memberships in schools where the
 * caller may read the staff, and only if there is one (else 404, as for nobody).
 */
export const getStaffUser = defineEndpoint({
  ...staff,
  name: 'enrolment.users.get',
  method: 'GET',
  path: '/api/v1/users/{id}/',
  access: staffOnly('member'),
  summary: 'Un usuario del personal y las membresías que quien llama puede ver',
  params: uuidParams('id'),
  response: staffUserProfileSchema,
  notFound: UNKNOWN_USER,
});

/** The user's own (anyone else's id is a 403, whether it exists or not). */
export const replaceStaffUser = defineEndpoint({
  ...staff,
  name: 'enrolment.users.replace',
  method: 'PUT',
  path: '/api/v1/users/{id}/',
  access: staffOnly('member'),
  summary: 'Editar mi nombre y teléfono',
  params: uuidParams('id'),
  body: replaceStaffUserSchema,
  response: staffUserProfileSchema,
  notFound: UNKNOWN_USER,
});

export const patchStaffUser = defineEndpoint({
  ...staff,
  name: 'enrolment.users.patch',
  method: 'PATCH',
  path: '/api/v1/users/{id}/',
  access: staffOnly('member'),
  summary: 'Cambiar mi nombre, teléfono o contraseña (con la actual)',
  params: uuidParams('id'),
  body: patchStaffUserSchema,
  response: staffUserProfileSchema,
  notFound: UNKNOWN_USER,
});

/** 401 in Spanish for a wrong e-mail or a wrong password alike. */
export const authenticateStaff = defineEndpoint({
  ...staff,
  name: 'enrolment.staff.authenticate',
  method: 'POST',
  path: '/internal/staff/authenticate',
  surface: 'internal',
  access: bffOnly(),
  summary: 'Verificar el correo y la contraseña de alguien del personal',
  spec: { capability: 'El inicio de sesión del panel: el BFF verifica las credenciales aquí.' },
  body: staffCredentialsSchema,
  response: staffIdentitySchema,
});

/** 404 with one Spanish message for an unknown, expired or used link; nothing written. */
export const redeemInvitation = defineEndpoint({
  ...staff,
  name: 'enrolment.staff.redeem-invitation',
  method: 'POST',
  path: '/internal/staff/invitations/redeem',
  surface: 'internal',
  access: bffOnly(),
  summary: 'Usar una invitación: la persona pone su nombre y su contraseña',
  spec: {
    capability:
      'La página de invitación (POST /api/auth/invitation del BFF): la invitación se canjea aquí.',
  },
  body: redeemInvitationSchema,
  response: staffIdentitySchema,
});

/**
 * 204 whether or not the e-mail is someone's: a known user gets a reset link by e-mail, sent
 * after the answer; earlier links keep working (a stranger's requests cannot spoil them).
 */
export const requestPasswordReset = defineEndpoint({
  ...staff,
  name: 'enrolment.staff.request-password-reset',
  method: 'POST',
  path: '/internal/staff/password-resets',
  surface: 'internal',
  access: bffOnly(),
  summary: 'Enviar un enlace para elegir una contraseña nueva a alguien del personal',
  spec: {
    capability:
      '«¿Olvidaste tu contraseña?» del panel (POST /api/auth/password-reset del BFF): el enlace se envía aquí.',
  },
  body: requestPasswordResetSchema,
  status: 204,
  produces: 'none',
});

/** 404 with one Spanish message for an unknown, expired or used link; nothing written. */
export const redeemPasswordReset = defineEndpoint({
  ...staff,
  name: 'enrolment.staff.redeem-password-reset',
  method: 'POST',
  path: '/internal/staff/password-resets/redeem',
  surface: 'internal',
  access: bffOnly(),
  summary: 'Usar un enlace de cambio de contraseña: la persona elige una nueva',
  spec: {
    capability:
      'La página del enlace (POST /api/auth/password-reset/confirm del BFF): la contraseña cambia aquí.',
  },
  body: resetPasswordSchema,
  response: staffIdentitySchema,
});

export const STAFF_ENDPOINTS = [
  listAdmins,
  getMyAdmin,
  addAdmin,
  changeAdminRole,
  changeAdminPermissions,
  removeAdmin,
  listSchoolUsers,
  findSchoolUserByEmail,
  listSchoolUsersByRole,
  getUserPermissions,
  createStaffUser,
  resendInvitation,
  getMe,
  getStaffUser,
  replaceStaffUser,
  patchStaffUser,
  authenticateStaff,
  redeemInvitation,
  requestPasswordReset,
  redeemPasswordReset,
] as const;
