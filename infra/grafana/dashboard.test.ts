import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { consumerMetrics } from '@cuota/service-runtime/metrics/event-metrics';
import { createMetricsRegistry } from '@cuota/service-runtime/metrics/registry';
import { requestMetrics } from '@cuota/service-runtime/metrics/request-metrics';
import { serviceMetrics } from '@cuota/service-host/service-metrics';
import { payinMetrics } from '../../services/payments/src/payins/payin-metrics.ts';

interface Panel {
  title: string;
  targets: { expr: string }[];
}

const dashboard = JSON.parse(
  readFileSync(path.join(__dirname, 'cuota-dashboard.json'), 'utf8'),
) as { panels: Panel[] };

/**
 * Every series the parts expose, from the very functions they register their metrics with
 * (BFF and services: requests; services: consumers, pool, outbox, dead letters; payments:
 * payins). Nothing is connected: the names are known before anything is read.
 */
async function exposedNames(): Promise<Set<string>> {
  const registry = createMetricsRegistry('dashboard-test');
  const pool = new pg.Pool();
  requestMetrics(registry);
  consumerMetrics(registry);
  const nothing = {} as never;
  serviceMetrics(registry, {
    pool,
    nc: nothing,
    ns: { prefix: '' },
    relay: nothing,
    consumers: [],
  });
  payinMetrics(registry, nothing);
  const metrics = await registry.getMetricsAsJSON();
  await pool.end();
  return new Set(
    metrics.flatMap(({ name, type }) =>
      String(type) === 'histogram' ? [`${name}_bucket`, `${name}_count`, `${name}_sum`] : [name],
    ),
  );
}

/** Metric names in a PromQL expression: ours all start with `cuota_`. */
const namesIn = (expr: string) =>
  [...expr.replace(/\{[^}]*\}/g, '').matchAll(/\b[a-zA-Z_:][a-zA-Z0-9_:]*\b/g)]
    .map((m) => m[0])
    .filter((name) => name.startsWith('cuota_'));

test('every panel’s expression names only metrics the parts expose', async () => {
  const exposed = await exposedNames();
  const queries = dashboard.panels.flatMap((p) =>
    p.targets.map((t) => ({ title: p.title, expr: t.expr })),
  );
  expect(queries.length).toBeGreaterThan(10);
  for (const { title, expr } of queries) {
    const names = namesIn(expr);
    expect({ title, names: names.length > 0 }).toEqual({ title, names: true });
    expect({ title, unknown: names.filter((n) => !exposed.has(n)) }).toEqual({
      title,
      unknown: [],
    });
  }
});

test('the dashboard shows each thing the issue asks for', () => {
  const all = dashboard.panels.flatMap((p) => p.targets.map((t) => t.expr)).join('\n');
  for (const metric of [
    'cuota_http_request_duration_seconds_count',
    'cuota_http_request_duration_seconds_bucket',
    'cuota_event_lag_seconds_bucket',
    'cuota_consumer_pending_events',
    'cuota_outbox_backlog',
    'cuota_dead_letters_total',
    'cuota_dead_letters_parked',
    'cuota_db_pool_connections',
    'cuota_payments',
  ])
    expect(namesIn(all)).toContain(metric);
});
