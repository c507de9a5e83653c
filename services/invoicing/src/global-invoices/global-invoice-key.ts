/**
 * The business key of a period's global invoice (its `source_id`): entity, periodicity and
 * the period's first local day. Unique among global invoices (ADR 0042).
 */
import type { GlobalPeriodicity } from '@cuota/contracts/invoicing/global-invoice';

/** The business key that makes a period's global invoice unique. */
export const globalInvoiceKey = (entityId: string, periodicity: GlobalPeriodicity, from: string) =>
  `${entityId}:${periodicity}:${from}`;

export function parseGlobalInvoiceKey(key: string): {
  entityId: string;
  periodicity: GlobalPeriodicity;
  from: string;
} {
  const [entityId, periodicity, from] = key.split(':') as [string, GlobalPeriodicity, string];
  return { entityId, periodicity, from };
}
