import { staffOnly } from '@cuota/contracts/access/access';
import { defineEndpoint, uuidParams } from '@cuota/contracts/http/endpoint';
import {
  membershipDetailSchema,
  myMembershipsSchema,
  organizationsSchema,
  updateMembershipSchema,
} from '../memberships';

export const UNKNOWN_MEMBERSHIP = 'No encontramos esta membresía.';
const membership = { domain: 'enrolment', surface: 'dashboard', spec: 'spec' } as const;

/** Read from the database, not the token: a suspended membership is not listed. */
export const listMyMemberships = defineEndpoint({
  ...membership,
  name: 'enrolment.memberships.mine',
  method: 'GET',
  path: '/academic-coordinator/memberships/',
  access: staffOnly('member'),
  summary: 'Mis membresías en vigor: escuela, rol y permisos',
  response: myMembershipsSchema,
});

export const listMyOrganizations = defineEndpoint({
  ...membership,
  name: 'enrolment.memberships.organizations',
  method: 'GET',
  path: '/academic-coordinator/organizations/',
  access: staffOnly('member'),
  summary: 'Las escuelas de mis membresías en vigor (el selector de escuela)',
  response: organizationsSchema,
});

/**
 * Needs staff.write in the membership's school (found from the record); another school's
 * membership answers like an unknown one.
 */
export const updateMembership = defineEndpoint({
  ...membership,
  name: 'enrolment.memberships.update',
  method: 'PATCH',
  path: '/backoffice/memberships/{id}/',
  surface: 'internal',
  access: staffOnly('staff.write'),
  summary: 'Cambiar el rol, los permisos o suspender una membresía',
  params: uuidParams('id'),
  body: updateMembershipSchema,
  response: membershipDetailSchema,
  notFound: UNKNOWN_MEMBERSHIP,
});

export const MEMBERSHIP_ENDPOINTS = [
  listMyMemberships,
  listMyOrganizations,
  updateMembership,
] as const;
