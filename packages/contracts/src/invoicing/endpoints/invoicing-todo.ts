import { z } from 'zod';
import { staffOnly } from '@cuota/contracts/access/access';
import { defineEndpoint, uuidParams } from '@cuota/contracts/http/endpoint';
import { INICIO_READ_PATHS } from '@cuota/contracts/http/inicio-read-paths';

export const invoicingTodoSchema = z.object({
  /** Invoices the PAC refused: someone must correct the data and retry. */
  failed_invoices: z.number().int().nonnegative(),
  /** Razones sociales whose CSD expired or expires within CSD_WARNING_DAYS. */
  csd_to_renew: z.array(
    z.object({ id: z.string(), legal_name: z.string(), days_left: z.number().int() }),
  ),
});
export type InvoicingTodo = z.infer<typeof invoicingTodoSchema>;

/**
 * Inicio's «Pendientes» from invoicing: a count and the CSD to renew, so the first screen needs
 * neither the invoices' nor the fiscal entities' list contracts (issue 16, ADR 0087).
 */
export const getInvoicingTodo = defineEndpoint({
  domain: 'invoicing',
  surface: 'dashboard',
  spec: {
    capability: 'Inicio (issue 23): facturas que no se pudieron timbrar y CSD por renovar.',
  },
  name: 'invoicing.todo.get',
  method: 'GET',
  path: INICIO_READ_PATHS.invoicingTodo,
  access: staffOnly('invoicing.read'),
  summary: 'Pendientes de facturación para Inicio: facturas fallidas y CSD por renovar',
  params: uuidParams('id'),
  response: invoicingTodoSchema,
});

export const INVOICING_TODO_ENDPOINTS = [getInvoicingTodo] as const;
