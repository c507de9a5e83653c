import type { RequestHandler } from 'express';
import { clientLogSchema } from '@cuota/contracts/identity/auth-api';
import type { BffContext } from '../bff-context';
import { parseBody } from '../http/input';

/** POST /api/auth/_log: a browser's error or warning, validated and size-limited, into pino. */
export function clientLogHandler(ctx: BffContext): RequestHandler {
  return (req, res) => {
    const { csrfToken: _token, level, ...entry } = parseBody(clientLogSchema, req.body, []);
    ctx.deps.logger[level]({ client: { level, ...entry } }, 'client log');
    res.status(204).end();
  };
}
