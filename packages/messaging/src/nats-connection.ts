import { connect, type NatsConnection } from '@nats-io/transport-node';

export type { NatsConnection };

/**
 * A connection that reconnects forever. `waitOnFirstConnect`: keep trying a server that is not
 * up yet instead of failing at once (for a listener that must not stop its process starting).
 */
export function connectNats(
  url: string,
  name: string,
  { waitOnFirstConnect = false } = {},
): Promise<NatsConnection> {
  return connect({
    servers: url,
    name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
    waitOnFirstConnect,
    // Otherwise every request builds an Error up front for a trace of where it started, and
    // again after its reply (1.5 % of payments' CPU in issue 18's burst); subjects name it.
    noAsyncTraces: true,
  });
}
