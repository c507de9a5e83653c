import { jetstreamManager } from '@nats-io/jetstream';
import { connectNats, type NatsConnection } from '@cuota/messaging/nats-connection';
import type { Namespace } from '@cuota/messaging/naming';
import { NATS_URL, uniqueSuffix } from './environment';

export interface TestNamespace extends Namespace {
  nc: NatsConnection;
  /** Deletes the namespace's streams and closes the connection. */
  dispose: () => Promise<void>;
}

/** An isolated set of subjects and streams on the real NATS server (or a test's own). */
export async function createTestNamespace(natsUrl = NATS_URL): Promise<TestNamespace> {
  const prefix = `t${uniqueSuffix()}`;
  const nc = await connectNats(natsUrl, `test-${prefix}`);
  return {
    prefix,
    nc,
    dispose: async () => {
      const jsm = await jetstreamManager(nc);
      const streamPrefix = `${prefix.toUpperCase()}_`;
      for await (const stream of jsm.streams.list())
        if (stream.config.name.startsWith(streamPrefix))
          await jsm.streams.delete(stream.config.name);
      await nc.close();
    },
  };
}
