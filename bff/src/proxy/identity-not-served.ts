import type { RequestHandler } from 'express';
import { IDENTITY_PLANNED } from '@cuota/contracts/identity/planned-endpoints';
import { createEndpointMatcher } from '@cuota/contracts/http/endpoint-matcher';
import { answerNotAvailable } from './not-available';

/**
 * Identity endpoints the BFF does not serve yet (token auth for apps, magic links, school
 * login…) answer 501, after the BFF's own identity routes had their chance.
 */
export function identityNotServed(): RequestHandler {
  const match = createEndpointMatcher(IDENTITY_PLANNED);
  return (req, res, next) => {
    if (match(req.method, req.path).kind === 'endpoint') return answerNotAvailable(res);
    next();
  };
}
