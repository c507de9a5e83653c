import { getMonthFigures } from '@cuota/contracts/billing/endpoints/month-figures';
import { TOP_OVERDUE_FAMILIES, type MonthFigures } from '@cuota/contracts/billing/month-figures';
import { implement } from '@cuota/service-runtime/http/endpoint-handlers';
import type { BillingContext } from '../billing-db';
import { levelOrder } from '../delinquency/delinquency-report';
import { addDays, addMonths } from '../orders/calendar';
import {
  billedByLevel,
  namesOfGuardians,
  notDueOfSchool,
  topOverdueFamilies,
} from './month-figures-repository';

/** Inicio's billing figures for a month (issue 23), as of today. */
export async function monthFigures(
  ctx: BillingContext,
  schoolId: string,
  month: string,
): Promise<MonthFigures> {
  const asOf = ctx.today();
  const first = `${month}-01`;
  const last = addDays(addMonths(first, 1), -1);
  const [levels, notDue, top] = await Promise.all([
    billedByLevel(ctx.db, schoolId, first, last),
    notDueOfSchool(ctx.db, schoolId, asOf),
    topOverdueFamilies(ctx.db, schoolId, asOf, TOP_OVERDUE_FAMILIES),
  ]);
  const guardianIds = top.flatMap((f) => (f.guardianId ? [f.guardianId] : []));
  const names = new Map((await namesOfGuardians(ctx.db, guardianIds)).map((g) => [g.id, g]));
  return {
    month,
    as_of: asOf,
    levels: levels
      .map((l) => ({
        level: l.level,
        billed_centavos: Number(l.billed),
        collected_centavos: Number(l.collected),
      }))
      .sort((a, b) => levelOrder(a.level) - levelOrder(b.level)),
    not_due_centavos: notDue,
    top_overdue: top.map((f) => ({
      family_id: f.familyId,
      guardian: (f.guardianId && names.get(f.guardianId)) || null,
      overdue_centavos: Number(f.overdue),
      students: f.students.sort((a, b) => a.first_name.localeCompare(b.first_name, 'es')),
    })),
  };
}

export function monthFigureHandlers(ctx: BillingContext) {
  return [
    implement(getMonthFigures, ({ params, query }) =>
      monthFigures(ctx, params.id, query.month ?? ctx.today().slice(0, 7)),
    ),
  ];
}
