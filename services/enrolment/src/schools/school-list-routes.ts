import type { Express } from 'express';
import { grants } from '@cuota/contracts/enrolment/permissions';
import { schoolListQuerySchema } from '@cuota/contracts/enrolment/memberships';
import type { ServiceContext } from '@cuota/service-host/service-host';
import { forbidden } from '@cuota/service-runtime/http/http-error';
import { requireKind } from '@cuota/service-runtime/http/require-identity';
import { parseInput } from '@cuota/service-runtime/http/validate';
import type * as schema from '../schema';
import { listSchools } from './school-list';

/**
 * The operators' school list: a staff user sees the schools where their membership grants
 * school.read (docs/permissions.md); one with no such membership is refused (403).
 */
export function schoolListRoutes(app: Express, ctx: ServiceContext<typeof schema>): void {
  app.get('/api/v1/internal/schools/', async (req, res) => {
    const staff = requireKind(res, 'staff');
    const query = parseInput(schoolListQuerySchema, req.query, 'query');
    const readable = staff.memberships.filter((m) => grants(m, 'school.read'));
    if (readable.length === 0) throw forbidden('Tu rol no tiene permiso para ver escuelas.');
    res.json(
      await listSchools(
        ctx.db,
        readable.map((m) => m.school_id),
        query,
      ),
    );
  });
}
