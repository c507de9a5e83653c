import { staffOnly } from '@cuota/contracts/access/access';
import { defineEndpoint, uuidParams } from '@cuota/contracts/http/endpoint';
import {
  billRunPreviewQuerySchema,
  billRunPreviewSchema,
  billRunSchema,
  createBillRunSchema,
} from '../bill-runs';

const UNKNOWN_RUN = 'No encontramos esta generación de órdenes.';
const run = { domain: 'billing', surface: 'bookkeeper', spec: 'spec' } as const;

/** A bill run (ADR 0016): the orders of one concept and period for every eligible student. */
export const createBillRun = defineEndpoint({
  ...run,
  name: 'billing.bill-runs.create',
  method: 'POST',
  path: '/book-keeper/massive_concept_assignments/',
  access: staffOnly('concepts.write'),
  summary: 'Generar las órdenes de un concepto y periodo para los alumnos activos',
  body: createBillRunSchema,
  response: billRunSchema,
  status: 202,
  idempotencyKey: 'optional',
});

export const getBillRun = defineEndpoint({
  ...run,
  name: 'billing.bill-runs.get',
  method: 'GET',
  path: '/book-keeper/massive_concept_assignments/{id}/',
  access: staffOnly('billing.read'),
  summary: 'Avance y resultado de una generación de órdenes',
  params: uuidParams('id'),
  response: billRunSchema,
  notFound: UNKNOWN_RUN,
});

export const deleteBillRun = defineEndpoint({
  ...run,
  name: 'billing.bill-runs.delete',
  method: 'DELETE',
  path: '/book-keeper/massive_concept_assignments/{id}/',
  access: staffOnly('concepts.write'),
  summary: 'Deshacer una generación: quita sus órdenes sin pagos',
  params: uuidParams('id'),
  response: billRunSchema,
  notFound: UNKNOWN_RUN,
});

/**
 * What a run would bill, shown before «Confirmar» (issue 17). Under the school's path, not
 * `…/massive_concept_assignments/preview/`, which the run's `{id}` would shadow.
 */
export const previewBillRun = defineEndpoint({
  domain: 'billing',
  surface: 'dashboard',
  spec: {
    capability: 'Vista previa de una generación de órdenes antes de confirmarla (issue 17).',
  },
  name: 'billing.bill-runs.preview',
  method: 'GET',
  path: '/api/v1/dashboard/schools/{id}/bill_run_preview/',
  access: staffOnly('concepts.write'),
  summary: 'Alumnos y total que generaría una generación de órdenes, por nivel',
  params: uuidParams('id'),
  query: billRunPreviewQuerySchema,
  response: billRunPreviewSchema,
  notFound: 'No encontramos este concepto.',
});

export const BILL_RUN_ENDPOINTS = [
  createBillRun,
  getBillRun,
  deleteBillRun,
  previewBillRun,
] as const;
