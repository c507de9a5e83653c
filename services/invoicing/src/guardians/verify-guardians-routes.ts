import type { Express } from 'express';
import { inArray } from 'drizzle-orm';
import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import {
  verifyGuardiansRequestSchema,
  type VerifyGuardiansResult,
} from '@cuota/contracts/bff/guardian-rpc';
import { forbidden } from '@cuota/service-runtime/http/http-error';
import { requireKind } from '@cuota/service-runtime/http/require-identity';
import { parseInput } from '@cuota/service-runtime/http/validate';
import type { InvoicingDb } from '../invoicing-db';
import { fiscalGuardians } from '../schema';
import { isVerifiedGuardian } from './guardian-verification';

type Row = typeof fiscalGuardians.$inferSelect;
type StaffClaims = Extract<IdentityClaims, { kind: 'staff' }>;

/**
 * Staff ask about guardians of their schools. An unknown id gets the same 403 as another
 * school's guardian, so the answer never reveals whether a guardian exists elsewhere.
 */
function requireVisibleToStaff(staff: StaffClaims, ids: string[], rows: Map<string, Row>): void {
  const schools = new Set(staff.memberships.map((m) => m.school_id));
  const visible = (id: string) => rows.get(id)?.schoolIds.some((s) => schools.has(s)) ?? false;
  if (!ids.every(visible))
    throw forbidden(
      'No tienes permiso para consultar los datos fiscales de uno o más de estos tutores.',
    );
}

export function verifyGuardiansRoutes(app: Express, db: InvoicingDb): void {
  app.post('/api/v1/guardians/verify_guardians/', async (req, res) => {
    const identity = requireKind(res, 'guardian', 'staff');
    const { guardian_ids: ids } = parseInput(verifyGuardiansRequestSchema, req.body);
    // A guardian asks only about themself (the portal sends the signed-in guardian's id).
    if (identity.kind === 'guardian' && ids.some((id) => id !== identity.guardian_id))
      throw forbidden('Solo puedes consultar los datos fiscales de tu propia cuenta.');

    const found = await db
      .select()
      .from(fiscalGuardians)
      .where(inArray(fiscalGuardians.guardianId, [...new Set(ids)]));
    const rows = new Map(found.map((r) => [r.guardianId, r]));
    if (identity.kind === 'staff') requireVisibleToStaff(identity, ids, rows);

    const result: VerifyGuardiansResult = ids.map((id) => ({
      guardian_id: id,
      valid: isVerifiedGuardian(rows.get(id)),
    }));
    res.json(result);
  });
}
