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
  try {
    await jsm.streams.info(name);
    await jsm.streams.update(name, config);
  } catch {
    await jsm.streams.add(config);
  }
  return name;
}
