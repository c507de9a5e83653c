import { z } from 'zod';
import { anyone, familyOrStaff, publicOrMembers, staffOnly } from '@cuota/contracts/access/access';
import { defineEndpoint, uuidParams } from '@cuota/contracts/http/endpoint';
import { embedOriginListSchema, embedOriginsSchema } from '../embed-origins';
import { schoolListPageSchema, schoolListQuerySchema } from '../memberships';
import {
  schoolAttributesSchema,
  schoolConfigSchema,
  schoolDetailSchema,
  schoolPublicFaceSchema,
  updateSchoolSchema,
} from '@cuota/contracts/enrolment/schools';

export const UNKNOWN_SCHOOL = 'No encontramos esta escuela.';
const school = { domain: 'enrolment', spec: 'spec', notFound: UNKNOWN_SCHOOL } as const;

/** Its staff (school.read) and the families with a dependent there; nobody else (404). */
export const getSchool = defineEndpoint({
  ...school,
  name: 'enrolment.schools.get',
  method: 'GET',
  path: '/api/v1/schools/{id}/',
  surface: 'portal',
  access: familyOrStaff('school.read'),
  summary: 'Datos, configuración y niveles de la escuela',
  params: uuidParams('id'),
  response: schoolDetailSchema,
});

/** Anyone while the school takes sign-ups (its store is public); else its families and staff. */
export const getSchoolPublicFace = defineEndpoint({
  ...school,
  name: 'enrolment.schools.public',
  method: 'GET',
  path: '/api/v1/schools/{id}/public/',
  surface: 'store',
  access: publicOrMembers('school.read'),
  summary: 'Nombre, logo, contacto y aviso de privacidad de la escuela (público)',
  spec: {
    capability:
      'La tienda nombra a la escuela y muestra su logo y su aviso de privacidad a quien la visita sin sesión.',
  },
  params: uuidParams('id'),
  response: schoolPublicFaceSchema,
});

/** Members of the school always; anyone else (visitors too) while the school is public. */
export const getSchoolLogo = defineEndpoint({
  ...school,
  name: 'enrolment.schools.logo',
  method: 'GET',
  path: '/api/v1/schools/{id}/logo/',
  surface: 'portal',
  access: publicOrMembers('school.read'),
  summary: 'El logo de la escuela (imagen)',
  spec: {
    capability:
      'La imagen a la que apunta logo_url: el portal y el panel la muestran; la especificación no le da ruta.',
  },
  params: uuidParams('id'),
  /** `v` is the image's id: the URL changes with the logo, so caches refresh. */
  query: z.object({ v: z.string().optional() }),
  produces: 'image',
});

/** Multipart (the form's fields plus an optional `logo` file), or JSON without a logo. */
export const updateSchool = defineEndpoint({
  ...school,
  name: 'enrolment.schools.update',
  method: 'PATCH',
  path: '/api/v1/dashboard/schools/{id}/',
  surface: 'dashboard',
  access: staffOnly('school.write'),
  summary: 'Editar los datos, datos fiscales, contacto, sandbox de Kushki y logo de la escuela',
  params: uuidParams('id'),
  body: updateSchoolSchema,
  bodyType: 'multipart',
  response: schoolDetailSchema,
});

export const configureSchool = defineEndpoint({
  ...school,
  name: 'enrolment.schools.configure',
  method: 'PUT',
  path: '/backoffice/school_configs/{id}/',
  surface: 'internal',
  access: staffOnly('school.write'),
  summary:
    'Tipo, estado (según las transiciones permitidas), configuración y pasarela de la escuela',
  params: uuidParams('id'),
  body: schoolConfigSchema,
  response: schoolDetailSchema,
});

export const listSchoolAttributes = defineEndpoint({
  ...school,
  name: 'enrolment.schools.attributes',
  method: 'GET',
  path: '/api/v1/dashboard/schools/{id}/attributes/',
  surface: 'dashboard',
  access: staffOnly('school.read'),
  summary: 'Indicadores de funciones de la escuela',
  params: uuidParams('id'),
  response: schoolAttributesSchema,
});

/** The schools where the caller's membership grants school.read; none is a 403. */
export const listSchools = defineEndpoint({
  ...school,
  name: 'enrolment.schools.list',
  method: 'GET',
  path: '/api/v1/internal/schools/',
  surface: 'internal',
  access: staffOnly('school.read'),
  summary: 'Las escuelas del usuario, por nombre, con filtros de estado y búsqueda',
  query: schoolListQuerySchema,
  response: schoolListPageSchema,
});

const embedOrigins = {
  ...school,
  params: uuidParams('id'),
  response: embedOriginListSchema,
  spec: {
    capability:
      'Sitios web de la escuela que pueden mostrar su tienda incrustada (iframe o <cuota-store>): ADR 0066.',
  },
} as const;

/** Public like the CSP header that carries them: the BFF reads them for every embedded page. */
export const getEmbedOrigins = defineEndpoint({
  ...embedOrigins,
  name: 'enrolment.embed-origins.public',
  method: 'GET',
  path: '/api/v1/schools/{id}/embed-origins/',
  surface: 'store',
  access: anyone(),
  summary: 'Sitios registrados que pueden incrustar la tienda de la escuela',
});

export const listEmbedOrigins = defineEndpoint({
  ...embedOrigins,
  name: 'enrolment.embed-origins.list',
  method: 'GET',
  path: '/api/v1/dashboard/schools/{id}/embed-origins/',
  surface: 'dashboard',
  access: staffOnly('school.read'),
  summary: 'Sitios registrados para incrustar la tienda',
});

export const replaceEmbedOrigins = defineEndpoint({
  ...embedOrigins,
  name: 'enrolment.embed-origins.replace',
  method: 'PUT',
  path: '/api/v1/dashboard/schools/{id}/embed-origins/',
  surface: 'dashboard',
  access: staffOnly('school.write'),
  summary: 'Registrar los sitios que pueden incrustar la tienda (reemplaza la lista)',
  body: embedOriginsSchema,
});

export const SCHOOL_ENDPOINTS = [
  getEmbedOrigins,
  listEmbedOrigins,
  replaceEmbedOrigins,
  getSchool,
  getSchoolPublicFace,
  getSchoolLogo,
  updateSchool,
  configureSchool,
  listSchoolAttributes,
  listSchools,
] as const;
