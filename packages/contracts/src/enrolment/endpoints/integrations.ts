import { staffOnly } from '@cuota/contracts/access/access';
import { defineEndpoint } from '@cuota/contracts/http/endpoint';
import {
  massiveSyncSchema,
  publicGuardianPageSchema,
  publicSchoolCyclePageSchema,
  publicSectionPageSchema,
  publicStudentPageSchema,
  publicV1QuerySchema,
  singleSyncSchema,
  syncAcceptedSchema,
} from '../integrations';

/** "Public v1": the read API a school's own systems sync from (ADR 0014). */
const publicV1 = {
  domain: 'enrolment',
  surface: 'internal',
  spec: 'spec',
  method: 'GET',
  query: publicV1QuerySchema,
} as const;

export const publicStudents = defineEndpoint({
  ...publicV1,
  name: 'enrolment.public-v1.students',
  path: '/api/v1/internal/public/students/',
  access: staffOnly('students.read'),
  summary: 'Alumnos de la escuela que cambiaron desde una fecha o cursor',
  response: publicStudentPageSchema,
});

export const publicGuardians = defineEndpoint({
  ...publicV1,
  name: 'enrolment.public-v1.guardians',
  path: '/api/v1/internal/public/guardians/',
  access: staffOnly('guardians.read'),
  summary: 'Tutores de la escuela que cambiaron desde una fecha o cursor',
  response: publicGuardianPageSchema,
});

export const publicSections = defineEndpoint({
  ...publicV1,
  name: 'enrolment.public-v1.sections',
  path: '/api/v1/internal/public/sections/',
  access: staffOnly('school.read'),
  summary: 'Grupos de la escuela que cambiaron desde una fecha o cursor',
  response: publicSectionPageSchema,
});

export const publicSchoolCycles = defineEndpoint({
  ...publicV1,
  name: 'enrolment.public-v1.school-cycles',
  path: '/api/v1/internal/public/school-cycles/',
  access: staffOnly('school.read'),
  summary: 'Ciclos escolares de la escuela que cambiaron desde una fecha o cursor',
  response: publicSchoolCyclePageSchema,
});

/** Who may run integration tasks: whoever may import students (docs/permissions.md). */
const integrationTask = {
  domain: 'enrolment',
  surface: 'internal',
  spec: 'spec',
  method: 'POST',
  access: staffOnly('imports.write'),
  response: syncAcceptedSchema,
  status: 202,
} as const;

export const singleSync = defineEndpoint({
  ...integrationTask,
  name: 'enrolment.integrations.single-sync',
  path: '/backoffice/integration/single_sync/',
  summary: 'Volver a publicar un alumno o un tutor a los demás servicios',
  body: singleSyncSchema,
});

export const massiveSync = defineEndpoint({
  ...integrationTask,
  name: 'enrolment.integrations.massive-sync',
  path: '/backoffice/integration/massive_sync/',
  summary: 'Volver a publicar todos los alumnos y tutores de la escuela',
  body: massiveSyncSchema,
});

export const INTEGRATION_ENDPOINTS = [
  publicStudents,
  publicGuardians,
  publicSections,
  publicSchoolCycles,
  singleSync,
  massiveSync,
] as const;
