import type { RequestHandler } from 'express';
import { answerNotAvailable } from './not-available';
import { compileRoutes, matchRoute } from './route-table';
import { ROUTE_ROWS } from './routes';

/**
 * Identity rows the BFF does not serve yet (token auth for apps, magic links, school login…)
 * answer 501, after the BFF's own identity routes had their chance.
 */
export function identityNotServed(): RequestHandler {
  const routes = compileRoutes(ROUTE_ROWS.filter(([, , , domain]) => domain === 'identity'));
  return (req, res, next) => {
    const match = matchRoute(routes, req.method, req.path);
    if (match.kind === 'route') return answerNotAvailable(res);
    next();
  };
}
