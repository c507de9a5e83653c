import { z } from 'zod';
import { staffOnly } from '@cuota/contracts/access/access';
import { defineEndpoint, uuidParams } from '@cuota/contracts/http/endpoint';
import { INICIO_READ_PATHS } from '@cuota/contracts/http/inicio-read-paths';

export const paymentsTodoSchema = z.object({
  /** Transfers families reported that no one has confirmed or rejected yet. */
  reported_transfers: z.number().int().nonnegative(),
  /** Payouts waiting for approval; null for a caller who may not approve them (ADR 0043). */
  scheduled_payouts: z.number().int().nonnegative().nullable(),
});
export type PaymentsTodo = z.infer<typeof paymentsTodoSchema>;

/**
 * Inicio's «Pendientes» from payments: two counts, so the first screen needs neither the
 * transfers' nor the payouts' list contracts (issue 16: Inicio ≤ 250 KB gz, ADR 0087).
 */
export const getPaymentsTodo = defineEndpoint({
  domain: 'payments',
  surface: 'dashboard',
  spec: {
    capability: 'Inicio (issue 23): transferencias por confirmar y dispersiones por aprobar.',
  },
  name: 'payments.todo.get',
  method: 'GET',
  path: INICIO_READ_PATHS.paymentsTodo,
  access: staffOnly('payments.read'),
  summary:
    'Pendientes de pagos para Inicio: transferencias por confirmar, dispersiones por aprobar',
  params: uuidParams('id'),
  response: paymentsTodoSchema,
});

export const PAYMENTS_TODO_ENDPOINTS = [getPaymentsTodo] as const;
