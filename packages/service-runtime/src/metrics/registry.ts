import { collectDefaultMetrics, Registry } from 'prom-client';

export type { Registry };

/**
 * One registry per running part (not prom-client's global one), so several parts started in
 * one test process keep their numbers apart. Every series carries `part` (bff, payments…);
 * the process's own figures (CPU, memory, event-loop delay) come with it.
 */
export function createMetricsRegistry(part: string): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ part });
  collectDefaultMetrics({ register: registry, prefix: 'cuota_' });
  return registry;
}
