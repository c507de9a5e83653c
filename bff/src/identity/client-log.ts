import type { clientLog } from '@cuota/contracts/identity/endpoints';
import type { BffContext } from '../bff-context';
import type { BffHandler } from '../http/bff-endpoints';

/** POST /api/auth/_log: a browser's error or warning, validated and size-limited, into pino. */
export function clientLogHandler(ctx: BffContext): BffHandler<typeof clientLog> {
  return ({ body: { level, ...entry } }) => {
    ctx.deps.logger[level]({ client: { level, ...entry } }, 'client log');
  };
}
