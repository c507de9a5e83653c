import { jetstreamManager, RetentionPolicy, StorageType } from '@nats-io/jetstream';
import { nanos, type NatsConnection } from '@nats-io/transport-node';
import { streamOf, subjectOf, type Namespace } from './naming';

/** JetStream drops a re-published Nats-Msg-Id inside this window (publisher dedupe). */
const DUPLICATE_WINDOW_MS = 10 * 60_000;
const MAX_AGE_MS = 30 * 24 * 3600_000;

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
  const existing = await jsm.streams.info(name).catch(() => undefined);
  // The replica count is the operator's (3 on a cluster): a restart must not scale it back to 1.
  if (existing)
    await jsm.streams.update(name, { ...config, num_replicas: existing.config.num_replicas });
  else await jsm.streams.add(config);
  return name;
}
