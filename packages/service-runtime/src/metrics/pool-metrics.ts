import type pg from 'pg';
import { Gauge, type Registry } from 'prom-client';

/** The database pool's connections (in use, idle, its maximum) and the queries waiting. */
export function poolMetrics(registry: Registry, pool: pg.Pool): void {
  new Gauge({
    name: 'cuota_db_pool_connections',
    help: 'Database pool connections by state (in_use, idle, max) and callers waiting',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
      this.set({ state: 'max' }, pool.options.max ?? 10);
    },
  });
}
