import { staffOnly } from '@cuota/contracts/access/access';
import { defineEndpoint, uuidParams } from '@cuota/contracts/http/endpoint';
import { cashClosingQuerySchema, cashClosingSchema } from '../cash-closing';

const closing = {
  domain: 'payments',
  method: 'GET',
  surface: 'dashboard',
  access: staffOnly('payments.read'),
  params: uuidParams('id'),
  query: cashClosingQuerySchema,
} as const;

/**
 * The corte de caja of a day (ADR 0036): a cashier's own; anyone with reports.read sees every
 * cashier's, or one of them (checked in the service).
 */
export const cashClosing = defineEndpoint({
  ...closing,
  name: 'payments.cash-closing',
  path: '/api/v1/dashboard/schools/{id}/cash-closing/',
  spec: { capability: 'Corte de caja por cajero y día (ADR 0036).' },
  summary: 'Corte de caja del día',
  response: cashClosingSchema,
});

export const cashClosingPdf = defineEndpoint({
  ...closing,
  name: 'payments.cash-closing.pdf',
  path: '/api/v1/dashboard/schools/{id}/cash-closing/pdf/',
  spec: { capability: 'Corte de caja en PDF para firmar y archivar (ADR 0036).' },
  summary: 'Corte de caja del día (PDF)',
  produces: 'pdf',
});

export const CASH_CLOSING_ENDPOINTS = [cashClosing, cashClosingPdf] as const;
