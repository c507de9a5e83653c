import type { Payin, PayinFilter } from '@cuota/contracts/payments/payins';
import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import type { Executor } from '@cuota/messaging/transaction';
import { studentNames } from '@cuota/student-directory/student-directory-repository';
import { assertInScope, familyOf, familyScope } from './payin-access';
import {
  allocationsOfPayins,
  itemsOfPayins,
  listPayins,
  payinById,
  type PayinRow,
} from './payin-repository';
import { appliedOrPlanned, toPayin } from './payin-view';

/** The payin filters with the repository's names. */
export const payinFilterOf = (schoolId: string, q: PayinFilter) => ({
  schoolId,
  type: q.type,
  status: q.status,
  method: q.method,
  studentId: q.student_id,
  payerId: q.guardian_id,
  from: q.from,
  to: q.to,
});

/** Payins as staff and families see them: Pagos' list (and its export) and one payin. */
export function payinViews(db: Executor) {
  const views = async (rows: PayinRow[]): Promise<Payin[]> => {
    // A paid payin shows its allocations, any other its planned items (appliedOrPlanned).
    const ids = (paid: boolean) =>
      rows.filter((r) => (r.status === 'success') === paid).map((r) => r.id);
    const [allocated, planned, names] = await Promise.all([
      allocationsOfPayins(db, ids(true)),
      itemsOfPayins(db, ids(false)),
      studentNames(db, [...new Set(rows.flatMap((r) => r.studentIds))]),
    ]);
    return rows.map((r) =>
      toPayin(r, appliedOrPlanned(r, allocated.get(r.id), planned.get(r.id)), names),
    );
  };

  /** The caller's family in the school (a guardian), or undefined (staff see every family). */
  const familyIn = async (caller: IdentityClaims, schoolId: string) => {
    const guardianId = familyScope(caller, schoolId);
    return guardianId === undefined ? undefined : familyOf(db, schoolId, guardianId);
  };

  return {
    async list(
      schoolId: string,
      caller: IdentityClaims,
      query: PayinFilter & { page: number; page_size: number },
    ) {
      const { count, rows } = await listPayins(db, {
        ...payinFilterOf(schoolId, query),
        family: await familyIn(caller, schoolId),
        page: query.page,
        pageSize: query.page_size,
      });
      return { count, page: query.page, page_size: query.page_size, results: await views(rows) };
    },

    async one(schoolId: string, payinId: string, caller: IdentityClaims): Promise<Payin> {
      const family = await familyIn(caller, schoolId);
      const payin = await payinById(db, payinId);
      assertInScope(payin, schoolId, family);
      return (await views([payin]))[0]!;
    },
  };
}
export type PayinViews = ReturnType<typeof payinViews>;
