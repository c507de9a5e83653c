import { FIGURES_SPAN_MESSAGE, type PayinStats } from '@cuota/contracts/payments/figures';
import {
  collections,
  exportPayins,
  graphics,
  payinStats,
} from '@cuota/contracts/payments/endpoints/figures';
import type { PaymentMethod } from '@cuota/contracts/payments/payins';
import { badRequest } from '@cuota/service-runtime/http/http-error';
import { implement } from '@cuota/service-runtime/http/endpoint-handlers';
import { Reply } from '@cuota/service-runtime/http/reply';
import { mexicoCityDate } from '@cuota/service-runtime/time/mexico-city-date';
import type { PaymentsDeps } from '../payments-deps';
import { payinTotals } from '../payins/payin-repository';
import { payinFilterOf, payinViews } from '../payins/payin-views';
import { paidByDay, paidByLevel, reversedByDay } from './figures-repository';
import { collectionsOf, rangeOf } from './figures-rules';
import { payinsWorkbook } from './payins-workbook';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
// A spreadsheet of a year of a large school's payins; more is a filter to narrow.
const EXPORT_LIMIT = 20_000;

/** Pagos' figures (issue 18): totals of the filtered list, collections, graphics, export. */
export function figureHandlers(deps: PaymentsDeps) {
  const { db } = deps;
  const payins = payinViews(db);
  const range = (schoolId: string, query: Parameters<typeof rangeOf>[0]) => {
    const r = rangeOf(query, deps.now());
    if (!r) throw badRequest(FIGURES_SPAN_MESSAGE);
    return { schoolId, ...r };
  };

  return [
    implement(payinStats, async ({ query }) => {
      const rows = await payinTotals(db, payinFilterOf(query.school_id, query));
      // Paid and kept: success, less what went back to families (ADR 0120).
      const paid = rows.filter((r) => r.status === 'success' && r.keptPayins > 0);
      const byMethod = new Map<PaymentMethod, PayinStats['by_method'][number]>();
      for (const r of paid) {
        const m = byMethod.get(r.method) ?? { method: r.method, payins: 0, amount_centavos: 0 };
        byMethod.set(r.method, {
          ...m,
          payins: m.payins + r.keptPayins,
          amount_centavos: m.amount_centavos + r.kept,
        });
      }
      const sum = (of: typeof rows, pick: (r: (typeof rows)[number]) => number) =>
        of.reduce((s, r) => s + pick(r), 0);
      return {
        payins: sum(rows, (r) => r.payins),
        amount_centavos: sum(rows, (r) => r.amount),
        paid_payins: sum(paid, (r) => r.keptPayins),
        paid_centavos: sum(paid, (r) => r.kept),
        by_method: [...byMethod.values()],
      };
    }),

    implement(collections, async ({ params, query }) => {
      const r = range(params.id, query);
      const [paid, reversed] = await Promise.all([paidByDay(db, r), reversedByDay(db, r)]);
      return collectionsOf({ from: r.from, to: r.to }, paid, reversed);
    }),

    implement(graphics, async ({ params, query }) => {
      const r = range(params.id, query);
      const [paid, levels] = await Promise.all([paidByDay(db, r), paidByLevel(db, r)]);
      return {
        from: r.from,
        to: r.to,
        days: paid.map((d) => ({ date: d.date, method: d.method, collected_centavos: d.centavos })),
        levels: levels.map((l) => ({ level: l.level, collected_centavos: l.centavos })),
      };
    }),

    implement(exportPayins, async ({ params, query, caller }) => {
      const results = await payins.list(params.id, caller, {
        ...query,
        page: 1,
        page_size: EXPORT_LIMIT,
      });
      return Reply.file({
        data: await payinsWorkbook(results),
        contentType: XLSX,
        filename: `pagos-${mexicoCityDate(deps.now())}.xlsx`,
      });
    }),
  ];
}
