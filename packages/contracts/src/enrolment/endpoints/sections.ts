import { z } from 'zod';
import { publicOrMembers, staffOnly } from '@cuota/contracts/access/access';
import { defineEndpoint, uuidParams } from '@cuota/contracts/http/endpoint';
import {
  bulkDeleteSectionsSchema,
  createSectionSchema,
  schoolQuerySchema,
  sectionFormBatchSchema,
  sectionFormDataSchema,
  sectionFormSchema,
  sectionListSchema,
  sectionQuerySchema,
  sectionSchema,
  updateSectionSchema,
} from '../levels';

const UNKNOWN_SECTION = 'No encontramos este grupo.';
const AC = '/academic-coordinator/sections';
const section = {
  domain: 'enrolment',
  surface: 'dashboard',
  spec: 'spec',
} as const;

/** The section picker (store, portal): like the level picker, active levels only. */
export const listSchoolSections = defineEndpoint({
  ...section,
  name: 'enrolment.sections.list-public',
  method: 'GET',
  path: '/api/v1/schools/{id}/sections/',
  surface: 'store',
  access: publicOrMembers('school.read'),
  summary: 'Grupos de la escuela (filtros por nivel y grado)',
  params: uuidParams('id'),
  query: sectionQuerySchema,
  response: sectionListSchema,
});

export const listStaffSections = defineEndpoint({
  ...section,
  name: 'enrolment.sections.list',
  method: 'GET',
  path: '/api/v1/dashboard/schools/{id}/sections/',
  access: staffOnly('school.read'),
  summary: 'Grupos de la escuela, con los de niveles inactivos',
  params: uuidParams('id'),
  query: sectionQuerySchema,
  response: sectionListSchema,
});

export const listSectionsBySchool = defineEndpoint({
  ...section,
  name: 'enrolment.sections.list-by-school',
  method: 'GET',
  path: `${AC}/list_by_school/`,
  access: staffOnly('school.read'),
  summary: 'Todos los grupos de una escuela',
  query: schoolQuerySchema,
  response: sectionListSchema,
});

export const sectionFormData = defineEndpoint({
  ...section,
  name: 'enrolment.sections.form-data',
  method: 'GET',
  path: `${AC}/form_data/`,
  access: staffOnly('school.read'),
  summary: 'Lo que ofrece el formulario de grupos: niveles, grados y grupos',
  query: schoolQuerySchema,
  response: sectionFormDataSchema,
});

export const createSection = defineEndpoint({
  ...section,
  name: 'enrolment.sections.create',
  method: 'POST',
  path: `${AC}/`,
  access: staffOnly('levels.write'),
  summary: 'Crear un grupo',
  body: createSectionSchema,
  response: sectionSchema,
  status: 201,
  idempotencyKey: 'optional',
});

export const createSectionsFromForm = defineEndpoint({
  ...section,
  name: 'enrolment.sections.create-from-form',
  method: 'POST',
  path: `${AC}/form_data/`,
  access: staffOnly('levels.write'),
  summary: 'Crear varios grupos de un grado (todos o ninguno)',
  body: sectionFormBatchSchema,
  response: sectionListSchema,
  status: 201,
  idempotencyKey: 'optional',
});

export const bulkDeleteSections = defineEndpoint({
  ...section,
  name: 'enrolment.sections.bulk-delete',
  method: 'POST',
  path: `${AC}/bulk_delete/`,
  access: staffOnly('levels.write'),
  summary: 'Eliminar varios grupos sin alumnos (todos o ninguno)',
  body: bulkDeleteSectionsSchema,
  response: z.object({ deleted: z.number().int() }),
});

export const replaceSection = defineEndpoint({
  ...section,
  name: 'enrolment.sections.replace',
  method: 'PUT',
  path: `${AC}/{id}/`,
  access: staffOnly('levels.write'),
  summary: 'Editar un grupo (todos sus campos)',
  params: uuidParams('id'),
  body: updateSectionSchema,
  response: sectionSchema,
  notFound: UNKNOWN_SECTION,
});

export const updateSectionFromForm = defineEndpoint({
  ...section,
  name: 'enrolment.sections.update-from-form',
  method: 'PUT',
  path: `${AC}/{id}/update_from_form/`,
  access: staffOnly('levels.write'),
  summary: 'Editar un grupo desde el formulario (grado y letra)',
  params: uuidParams('id'),
  body: sectionFormSchema,
  response: sectionSchema,
  notFound: UNKNOWN_SECTION,
});

export const deleteSection = defineEndpoint({
  ...section,
  name: 'enrolment.sections.delete',
  method: 'DELETE',
  path: `${AC}/{id}/`,
  access: staffOnly('levels.write'),
  summary: 'Eliminar un grupo sin alumnos',
  params: uuidParams('id'),
  status: 204,
  produces: 'none',
  notFound: UNKNOWN_SECTION,
});

export const SECTION_ENDPOINTS = [
  listSchoolSections,
  listStaffSections,
  listSectionsBySchool,
  sectionFormData,
  createSection,
  createSectionsFromForm,
  bulkDeleteSections,
  replaceSection,
  updateSectionFromForm,
  deleteSection,
] as const;
