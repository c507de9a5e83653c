import pino, { type DestinationStream, type Logger } from 'pino';
import { currentRequestId } from '../request-context';

export type { Logger };

/**
 * JSON logs, one line per event, tagged with the process and the current request id (an HTTP
 * request's, or the event's a consumer is handling). `destination`: stdout unless given.
 */
export function createLogger(
  name: string,
  level = process.env.LOG_LEVEL ?? 'info',
  destination?: DestinationStream,
): Logger {
  const options: pino.LoggerOptions = {
    name,
    level,
    base: { service: name },
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin: () => {
      const requestId = currentRequestId();
      return requestId ? { requestId } : {};
    },
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'password', 'code', '*.password'],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
