import type { Registry } from '@cuota/service-runtime/metrics/registry';
import { scrapedGauge } from '@cuota/service-runtime/metrics/event-metrics';
import type { Executor } from '@cuota/messaging/transaction';
import { payinCountsByStatus } from './payin-repository';

/** Payments by type (card, cash, transfer) and status, read from payins at each scrape. */
export function payinMetrics(registry: Registry, db: Executor): void {
  scrapedGauge(
    registry,
    {
      name: 'cuota_payments',
      help: 'Payments (payins) by type and status',
      labelNames: ['type', 'status'],
    },
    async () =>
      (await payinCountsByStatus(db)).map((r) => [{ type: r.type, status: r.status }, r.payins]),
  );
}
