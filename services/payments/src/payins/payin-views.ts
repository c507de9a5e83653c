import type { Payin, PayinFilter } from '@cuota/contracts/payments/payins';
import type { PayinReversal } from '@cuota/contracts/payments/reversals';
import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import type { Executor } from '@cuota/messaging/transaction';
import {
  allocationsOfReversals,
  reversalsOfPayin,
  toReversal,
} from '../corrections/reversal-repository';
import { assertInScope, familyOf, familyScope } from './payin-access';
import { payinAnswerById, payinAnswersPage } from './payin-answer-repository';
import { countPayins, type PayinFilter as RepositoryPayinFilter } from './payin-repository';

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

type PageQuery = PayinFilter & { page: number; page_size: number };

const pageJson = (query: PageQuery, { count, json }: { count: number; json: string }) =>
  `{"count":${count},"page":${query.page},"page_size":${query.page_size},"results":${json}}`;

/**
 * Payins as staff and families see them: Pagos' list (and its export) and one payin. The
 * answers come from PostgreSQL as JSON text (payin-answer-repository.ts) and are sent as they
 * are; only the export and the receipt read them as objects.
 */
export function payinViews(db: Executor) {
  /** The caller's family in the school (a guardian), or undefined (staff see every family). */
  const familyIn = async (caller: IdentityClaims, schoolId: string) => {
    const guardianId = familyScope(caller, schoolId);
    return guardianId === undefined ? undefined : familyOf(db, schoolId, guardianId);
  };

  const page = async (schoolId: string, caller: IdentityClaims, query: PageQuery) =>
    pageOf({ ...payinFilterOf(schoolId, query), family: await familyIn(caller, schoolId) }, query);

  const pageOf = async (
    filter: Omit<RepositoryPayinFilter, 'page' | 'pageSize'>,
    query: PageQuery,
  ) => {
    const found = await payinAnswersPage(db, {
      ...filter,
      page: query.page,
      pageSize: query.page_size,
    });
    // A page past the end still tells how many there are.
    const count = found.count ?? (query.page > 1 ? await countPayins(db, filter) : 0);
    return { count, json: found.json };
  };

  const oneJson = async (schoolId: string, payinId: string, caller: IdentityClaims) => {
    const family = await familyIn(caller, schoolId);
    const payin = await payinAnswerById(db, payinId);
    assertInScope(payin, schoolId, family);
    if (caller.kind !== 'staff') return payin.json;
    const rows = await reversalsOfPayin(db, payinId);
    if (!rows.length) return payin.json;
    const taken = await allocationsOfReversals(
      db,
      rows.map((r) => r.id),
    );
    return withReversals(
      payin.json,
      rows.map((r) => toReversal(r, taken.get(r.id) ?? [])),
    );
  };

  return {
    /** The list's answer, `{ count, page, page_size, results }`, as JSON text. */
    async listJson(schoolId: string, caller: IdentityClaims, query: PageQuery): Promise<string> {
      return pageJson(query, await page(schoolId, caller, query));
    },

    /** The backoffice's list: these schools' payins, every family, as `listJson`. */
    async schoolsListJson(schoolIds: string[], query: PageQuery): Promise<string> {
      const filter = { ...payinFilterOf('', query), schoolIds };
      return pageJson(query, await pageOf(filter, query));
    },

    /** The page's payins as objects (the Excel export). */
    async list(schoolId: string, caller: IdentityClaims, query: PageQuery): Promise<Payin[]> {
      return JSON.parse((await page(schoolId, caller, query)).json) as Payin[];
    },

    oneJson,

    async one(schoolId: string, payinId: string, caller: IdentityClaims): Promise<Payin> {
      return JSON.parse(await oneJson(schoolId, payinId, caller)) as Payin;
    },
  };
}
export type PayinViews = ReturnType<typeof payinViews>;

/** Staff see what was given back of a payment on its detail; the answer gains `reversals`. */
const withReversals = (json: string, reversals: PayinReversal[]) =>
  JSON.stringify({ ...(JSON.parse(json) as Payin), reversals });
