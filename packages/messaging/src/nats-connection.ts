import { connect, type NatsConnection } from '@nats-io/transport-node';

export type { NatsConnection };

export function connectNats(url: string, name: string): Promise<NatsConnection> {
  return connect({ servers: url, name, maxReconnectAttempts: -1, reconnectTimeWait: 500 });
}
