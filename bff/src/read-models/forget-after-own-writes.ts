import type { RequestHandler } from 'express';
import type { GuardianMeReadModel } from './guardian-me-read-model';

/**
 * A guardian's own write (a profile or a child's data) reaches their next guardian.me at
 * once: the event that would forget the kept answer may arrive after the page asks again.
 * Forgotten once the answer is sent, so a read racing the write is not kept either.
 */
export function forgetAfterOwnWrites(readModel: GuardianMeReadModel): RequestHandler {
  return (req, res, next) => {
    const identity = req.session?.auth?.identity;
    if (req.method !== 'GET' && req.method !== 'HEAD' && identity?.kind === 'guardian')
      res.on('finish', () => readModel.invalidate([identity.guardian_id]));
    next();
  };
}
