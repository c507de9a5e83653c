import type { NatsConnection } from '@nats-io/transport-node';
import {
  invoicingCloseRequest,
  paymentsCloseRequest,
  type MonthClose,
} from '@cuota/contracts/billing/month-close-report';
import type { EducationLevel } from '@cuota/contracts/enrolment/entities';
import type { Namespace } from '@cuota/messaging/naming';
import { requestReply } from '@cuota/messaging/request-reply';
import { HttpError } from '@cuota/service-runtime/http/http-error';
import type { BillingContext } from '../billing-db';
import { levelOrder } from '../delinquency/delinquency-report';
import { addDays, addMonths } from '../orders/calendar';
import {
  appliedInMonth,
  billedByConceptAndLevel,
  owedAtClose,
} from './month-close-report-repository';

export interface MonthCloseDeps extends BillingContext {
  nc: NatsConnection;
  ns: Namespace;
}

// A month of a large school's payins is summed in well under a second; 10 s is a dead service.
const ASK_MS = 10_000;
const UNAVAILABLE = (who: string) =>
  `${who} no responde y el cierre de mes necesita sus cifras. Intenta de nuevo en unos minutos.`;

type ConceptAndLevel = { concept_name: string; level: EducationLevel | null };
const byConceptAndLevel = (a: ConceptAndLevel, b: ConceptAndLevel) =>
  a.concept_name.localeCompare(b.concept_name, 'es') || levelOrder(a.level) - levelOrder(b.level);

/** Another domain's part; without it there is no close to hand over: 503. */
async function partOf<T>(ask: Promise<T>, who: string): Promise<T> {
  try {
    return await ask;
  } catch {
    throw new HttpError(503, 'SERVICE_UNAVAILABLE', UNAVAILABLE(who));
  }
}

/**
 * The month close (issue 23, ADR 0076): billing's own figures from its orders and the
 * allocations it applied, payments' and invoicing's asked of them over NATS, for the same
 * Mexico City month. A month still running closes today.
 */
export async function monthClose(
  deps: MonthCloseDeps,
  schoolId: string,
  month: string,
): Promise<MonthClose> {
  const today = deps.today();
  const from = `${month}-01`;
  const to = addDays(addMonths(from, 1), -1);
  const asOf = to < today ? to : today;
  const range = { schoolId, from, to, asOf };
  const asked = { school_id: schoolId, from, to };
  const [billed, applied, owed, payments, invoicing] = await Promise.all([
    billedByConceptAndLevel(deps.db, range),
    appliedInMonth(deps.db, range),
    owedAtClose(deps.db, range),
    partOf(requestReply(deps.nc, deps.ns, paymentsCloseRequest, asked, ASK_MS), 'Pagos'),
    partOf(requestReply(deps.nc, deps.ns, invoicingCloseRequest, asked, ASK_MS), 'Facturación'),
  ]);
  const total = (pick: (row: (typeof applied)[number]) => number) =>
    applied.reduce((s, row) => s + pick(row), 0);
  return {
    month,
    from,
    to,
    as_of: asOf,
    billing: {
      billed: billed.sort(byConceptAndLevel),
      applied: applied.sort(byConceptAndLevel),
      late_fees_collected_centavos: total((row) => row.late_fee_centavos),
      early_payment_discounts_centavos: total((row) => row.early_payment_discount_centavos),
      owed,
    },
    payments: { ...payments, concepts: payments.concepts.sort(byConceptAndLevel) },
    invoicing: { ...invoicing, credit_notes: invoicing.credit_notes.sort(byConceptAndLevel) },
  };
}
