import { setTimeout as sleep } from 'node:timers/promises';
import {
  JetStreamApiError,
  jetstreamManager,
  RetentionPolicy,
  StorageType,
  type JetStreamManager,
  type StreamConfig,
} from '@nats-io/jetstream';
import { nanos, type NatsConnection } from '@nats-io/transport-node';
import { streamOf, subjectOf, type Namespace } from './naming';

/** JetStream drops a re-published Nats-Msg-Id inside this window (publisher dedupe). */
const DUPLICATE_WINDOW_MS = 10 * 60_000;
const MAX_AGE_MS = 30 * 24 * 3600_000;

/**
 * A stream's create or update the cluster refused while another instance's was being applied
 * is tried again this many times, a little later each time (two instances starting at once:
 * a NATS cluster answered «subjects overlap with an existing stream» to the second's update).
 */
const PUT_ATTEMPTS = 5;
const PUT_RETRY_MS = 200;

/** One stream per domain, holding `<domain>.>`; idempotent, safe to call at every start. */
export async function ensureStream(
  nc: NatsConnection,
  ns: Namespace,
  stream: string,
): Promise<string> {
  const jsm = await jetstreamManager(nc);
  const name = streamOf(ns, stream);
  const config = {
    name,
    subjects: [subjectOf(ns, `${stream.toLowerCase()}.>`)],
    retention: RetentionPolicy.Limits,
    storage: StorageType.File,
    duplicate_window: nanos(DUPLICATE_WINDOW_MS),
    max_age: nanos(MAX_AGE_MS),
  };
  for (let attempt = 1; ; attempt++) {
    try {
      await putStream(jsm, config);
      return name;
    } catch (err) {
      if (!(err instanceof JetStreamApiError) || attempt >= PUT_ATTEMPTS) throw err;
      await sleep(PUT_RETRY_MS * attempt);
    }
  }
}

async function putStream(jsm: JetStreamManager, config: Partial<StreamConfig> & { name: string }) {
  const existing = await jsm.streams.info(config.name).catch(() => undefined);
  // The replica count is the operator's (3 on a cluster): a restart must not scale it back to 1.
  if (existing)
    await jsm.streams.update(config.name, {
      ...config,
      num_replicas: existing.config.num_replicas,
    });
  else await jsm.streams.add(config);
}
