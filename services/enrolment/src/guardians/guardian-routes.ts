import type { Express } from 'express';
import { forbidden, notFound } from '@cuota/service-runtime/http/http-error';
import { identityOf, requireKind } from '@cuota/service-runtime/http/require-identity';
import { memberSchoolIds, parseId, requireServiceCaller } from '../access';
import type { EnrolmentDb } from '../enrolment-db';
import { guardianById, guardianByHash, guardianMe } from './guardian-directory';

const UNKNOWN_GUARDIAN = 'No encontramos a este tutor.';

export function guardianRoutes(app: Express, db: EnrolmentDb): void {
  /** Sign-in look-up by the BFF, before anyone is signed in. */
  app.get('/internal/guardians/by-hash/:hash', async (req, res) => {
    requireServiceCaller(res);
    const guardian = await guardianByHash(db, req.params.hash);
    if (!guardian) throw notFound(UNKNOWN_GUARDIAN);
    res.json(guardian);
  });

  app.get('/api/v1/guardians/me/', async (_req, res) => {
    const { guardian_id } = requireKind(res, 'guardian');
    const me = await guardianMe(db, guardian_id);
    if (!me) throw notFound(UNKNOWN_GUARDIAN);
    res.json(me);
  });

  /** A guardian reads only themselves; staff read guardians of their schools. */
  app.get('/api/v1/guardians/:id/', async (req, res) => {
    const id = parseId(req.params.id);
    const identity = identityOf(res);
    if (identity.kind === 'service') throw forbidden();
    if (identity.kind === 'guardian' && identity.guardian_id !== id)
      throw notFound(UNKNOWN_GUARDIAN);
    const guardian = await guardianById(db, id);
    if (!guardian) throw notFound(UNKNOWN_GUARDIAN);
    if (identity.kind === 'staff') {
      const mine = new Set(memberSchoolIds(identity));
      if (!guardian.schools.some((s) => mine.has(s.id))) throw notFound(UNKNOWN_GUARDIAN);
    }
    res.json(guardian);
  });
}
