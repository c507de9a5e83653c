import { connectNats, type NatsConnection } from '@cuota/messaging/nats-connection';
import { subjectOf } from '@cuota/messaging/naming';
import type { Logger } from '@cuota/service-runtime/logging/logger';
import type { GuardianMeReadModel } from './guardian-me-read-model';

export interface EventFeedConfig {
  natsUrl: string;
  /** The NATS namespace enrolment publishes in ('' in production). */
  natsPrefix: string;
}

export interface EventFeed {
  close(): Promise<void>;
}

/** Every string an event's data holds: the ids it names (other text matches no id). */
export function idsNamedBy(data: unknown): Set<string> {
  const ids = new Set<string>();
  const pending: unknown[] = [data];
  while (pending.length) {
    const value = pending.pop();
    if (typeof value === 'string') ids.add(value);
    else if (value && typeof value === 'object') pending.push(...Object.values(value));
  }
  return ids;
}

/**
 * Keeps the read model true to enrolment's events: a plain NATS subscription (each BFF
 * process hears every event; JetStream's publish reaches it too). Answers are kept only
 * while the subscription is live; a disconnection or dropped messages forget them all, since
 * an event may have been missed. Connects in the background: the BFF serves meanwhile.
 */
export function startEnrolmentEventFeed(
  config: EventFeedConfig,
  readModel: GuardianMeReadModel,
  logger: Logger,
): EventFeed {
  let nc: NatsConnection | undefined;
  let closed = false;
  const connected = connectNats(config.natsUrl, 'bff', { waitOnFirstConnect: true }).then(
    (conn) => {
      nc = conn;
      if (closed) return void conn.close();
      const sub = conn.subscribe(subjectOf({ prefix: config.natsPrefix }, 'enrolment.>'));
      readModel.setLive(true);
      void followStatus(conn, readModel, logger);
      void (async () => {
        for await (const message of sub) {
          try {
            readModel.invalidate(idsNamedBy(message.json<{ data?: unknown }>().data));
          } catch {
            readModel.clear();
          }
        }
      })();
    },
  );
  connected.catch((err: unknown) => logger.warn({ err }, 'bff: no NATS, guardian.me not kept'));
  return {
    async close() {
      closed = true;
      readModel.setLive(false);
      await nc?.drain().catch(() => {});
    },
  };
}

async function followStatus(conn: NatsConnection, readModel: GuardianMeReadModel, log: Logger) {
  for await (const status of conn.status()) {
    if (status.type === 'disconnect') {
      log.warn('bff: NATS disconnected, guardian.me answers are no longer kept');
      readModel.setLive(false);
    } else if (status.type === 'reconnect') {
      log.info('bff: NATS reconnected, guardian.me answers are kept again');
      readModel.setLive(true);
    } else if (status.type === 'slowConsumer') readModel.clear();
  }
}
