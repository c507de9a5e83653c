import { staffOnly } from '@cuota/contracts/access/access';
import { defineEndpoint, uuidParams } from '@cuota/contracts/http/endpoint';
import {
  deskFamilySchema,
  deskPreviewRequestSchema,
  deskPreviewSchema,
  deskSettingsSchema,
  updateDeskSettingsSchema,
} from '../desk';

export const UNKNOWN_DESK_STUDENT = 'No encontramos a este alumno en la escuela.';
const desk = {
  domain: 'payments',
  surface: 'dashboard',
  access: staffOnly('payments.collect'),
  params: uuidParams('id', 'student'),
  notFound: UNKNOWN_DESK_STUDENT,
} as const;

/** The desk's view of a family: what the student and siblings owe today (ADR 0036). */
export const deskFamily = defineEndpoint({
  ...desk,
  name: 'payments.desk.family',
  method: 'GET',
  path: '/api/v1/dashboard/schools/{id}/desk/{student}/',
  spec: { capability: 'Caja: lo que el alumno y sus hermanos deben hoy (ADR 0036).' },
  summary: 'Cargos abiertos del alumno y sus hermanos, y su saldo a favor',
  response: deskFamilySchema,
});

/**
 * What a payment would pay, before the cashier confirms. A POST because the chosen orders
 * are a list; it writes nothing.
 */
export const deskPreview = defineEndpoint({
  ...desk,
  name: 'payments.desk.preview',
  method: 'POST',
  path: '/api/v1/dashboard/schools/{id}/desk/{student}/preview/',
  spec: { capability: 'Caja: cómo se aplicaría un pago antes de registrarlo (ADR 0036).' },
  summary: 'Vista previa de un pago en caja: cargos que cubre, cambio o saldo a favor',
  body: deskPreviewRequestSchema,
  response: deskPreviewSchema,
  status: 200,
});

const settings = {
  domain: 'payments',
  surface: 'dashboard',
  path: '/api/v1/dashboard/schools/{id}/desk-settings/',
  params: uuidParams('id'),
  response: deskSettingsSchema,
  notFound: 'No encontramos esta escuela.',
} as const;

/** The school's desk limit, as the desk applies it. */
export const deskSettings = defineEndpoint({
  ...settings,
  name: 'payments.desk.settings',
  method: 'GET',
  spec: { capability: 'Caja: el límite por pago de la escuela (ADR 0036).' },
  access: staffOnly('payments.read'),
  summary: 'Límite por pago en caja de la escuela',
});

/** Changing the limit is a money rule: whoever may refund (owner, directors, treasurer). */
export const updateDeskSettings = defineEndpoint({
  ...settings,
  name: 'payments.desk.settings.update',
  method: 'PUT',
  spec: { capability: 'Caja: cambiar el límite por pago de la escuela (ADR 0036).' },
  access: staffOnly('payments.refund'),
  summary: 'Cambiar el límite por pago en caja',
  body: updateDeskSettingsSchema,
});

export const DESK_ENDPOINTS = [deskFamily, deskPreview, deskSettings, updateDeskSettings] as const;
