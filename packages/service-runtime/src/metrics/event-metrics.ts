import { Counter, Gauge, Histogram, type Registry } from 'prom-client';

/** What a durable consumer reports as it works (see DurableConsumer). */
export interface ConsumerMetrics {
  /** An event was handled (or skipped as a repeat) this long after it was published. */
  handled(consumer: string, lagSeconds: number): void;
  /** An event was given up on and parked on the dead-letter stream. */
  parked(consumer: string): void;
}

/** Lag from publish to handled, in seconds: an event normally takes milliseconds. */
const LAG_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300];

export function consumerMetrics(registry: Registry): ConsumerMetrics {
  const lag = new Histogram({
    name: 'cuota_event_lag_seconds',
    help: 'Time from an event being published to its durable consumer handling it',
    labelNames: ['consumer'],
    buckets: LAG_BUCKETS,
    registers: [registry],
  });
  const parked = new Counter({
    name: 'cuota_dead_letters_total',
    help: 'Events a durable consumer gave up on and parked on the dead-letter stream',
    labelNames: ['consumer'],
    registers: [registry],
  });
  // One child per consumer, made once (a handful of consumers per service).
  const lagOf = new Map<string, Histogram.Internal<'consumer'>>();
  return {
    handled(consumer, lagSeconds) {
      let child = lagOf.get(consumer);
      if (!child) lagOf.set(consumer, (child = lag.labels(consumer)));
      child.observe(Math.max(0, lagSeconds));
    },
    parked: (consumer) => parked.inc({ consumer }),
  };
}

/** A series read when Prometheus scrapes: its labels and value. */
export type Sample = [labels: Record<string, string>, value: number];

/**
 * A gauge whose values are read at scrape time (a count in the database, a stream's state):
 * nothing is kept up to date between scrapes. A failing read leaves the series out of that
 * scrape rather than failing it.
 */
export function scrapedGauge(
  registry: Registry,
  spec: { name: string; help: string; labelNames: string[] },
  read: () => Promise<Sample[]>,
): void {
  new Gauge({
    ...spec,
    registers: [registry],
    async collect() {
      this.reset();
      const samples = await read().catch(() => []);
      for (const [labels, value] of samples) this.set(labels, value);
    },
  });
}
