import { verifyGuardians } from '@cuota/contracts/invoicing/endpoints/invoicing-endpoints';
import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import { forbidden } from '@cuota/service-runtime/http/http-error';
import { implement } from '@cuota/service-runtime/http/endpoint-handlers';
import type { InvoicingDb } from '../invoicing-db';
import { fiscalGuardiansByIds, type FiscalGuardianRow } from './fiscal-guardian-repository';
import { isVerifiedGuardian } from './guardian-verification-rules';

type StaffClaims = Extract<IdentityClaims, { kind: 'staff' }>;

/**
 * Staff ask about guardians of their schools. An unknown id gets the same 403 as another
 * school's guardian, so the answer never reveals whether a guardian exists elsewhere.
 */
function requireVisibleToStaff(
  staff: StaffClaims,
  ids: string[],
  rows: Map<string, FiscalGuardianRow>,
): void {
  const schools = new Set(staff.memberships.map((m) => m.school_id));
  const visible = (id: string) => rows.get(id)?.schoolIds.some((s) => schools.has(s)) ?? false;
  if (!ids.every(visible))
    throw forbidden(
      'No tienes permiso para consultar los datos fiscales de uno o más de estos tutores.',
    );
}

export function verifyGuardiansHandlers(db: InvoicingDb) {
  return [
    implement(verifyGuardians, async ({ body, caller }) => {
      const ids = body.guardian_ids;
      // A guardian asks only about themself (the portal sends the signed-in guardian's id).
      if (caller.kind === 'guardian' && ids.some((id) => id !== caller.guardian_id))
        throw forbidden('Solo puedes consultar los datos fiscales de tu propia cuenta.');
      const rows = new Map((await fiscalGuardiansByIds(db, ids)).map((r) => [r.guardianId, r]));
      if (caller.kind === 'staff') requireVisibleToStaff(caller, ids, rows);
      return ids.map((id) => ({ guardian_id: id, valid: isVerifiedGuardian(rows.get(id)) }));
    }),
  ];
}
