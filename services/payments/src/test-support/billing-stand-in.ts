import { randomUUID } from 'node:crypto';
import type { Msg, NatsConnection, Subscription } from '@nats-io/transport-node';
import type { ConceptType } from '@cuota/contracts/billing/concepts';
import type { RequestDefinition } from '@cuota/contracts/common/request-definition';
import {
  openOrdersOfStudentRequest,
  openReceivablesRequest,
  quoteOrdersRequest,
  type QuotedOrder,
} from '@cuota/contracts/billing/requests';
import { ordersBilledV1 } from '@cuota/contracts/events/billing.orders.billed.v1';
import { ordersVoidedV1 } from '@cuota/contracts/events/billing.orders.voided.v1';
import { creditAppliedSchema } from '@cuota/contracts/events/payments.credit.applied.v1';
import { payinSucceededSchema } from '@cuota/contracts/events/payments.payin.succeeded.v1';
import { subjectOf, type Namespace } from '@cuota/messaging/naming';
import { requestSubject } from '@cuota/messaging/request-reply';
import { publishEvent } from './publish-event';

export interface StandInOrder {
  id: string;
  schoolId: string;
  studentId: string;
  guardianId: string;
  conceptName: string;
  conceptType: ConceptType;
  period: string | null;
  dueOn: string;
  amount: number;
  lateFee: number;
  paidBase: number;
  paidLateFee: number;
  waiting: boolean;
}

const AS_OF = '2026-03-20';

/**
 * Billing's side of the money loop, as its contracts say (billing/requests.ts and the
 * billing/payments events), kept in memory until billing's own service answers them:
 * quotes, a student's open orders, open receivables; it bills and voids orders with real
 * events and applies payments' events to its orders like billing will. Used by payments'
 * checkout bench only (its families are not enrolled); every test runs billing's real service.
 */
export class BillingStandIn {
  readonly orders = new Map<string, StandInOrder>();
  private readonly seenEvents = new Set<string>();
  private subscriptions: Subscription[] = [];

  constructor(
    private readonly nc: NatsConnection,
    private readonly ns: Namespace,
  ) {}

  start(): this {
    this.subscriptions = [
      this.answer(quoteOrdersRequest, (q) => {
        const data = quoteOrdersRequest.request.parse(q);
        const orders = data.order_ids.map((id) => this.orders.get(id));
        const refused = orders.some(
          (o) =>
            !o ||
            o.schoolId !== data.school_id ||
            (data.guardian_id !== null && o.guardianId !== data.guardian_id) ||
            !this.isOpen(o),
        );
        if (refused)
          return { refusal: 'Alguno de los conceptos no es de tu familia o ya está pagado.' };
        return { data: { as_of: AS_OF, orders: orders.map((o) => this.quote(o!)) } };
      }),
      this.answer(openOrdersOfStudentRequest, (q) => {
        const data = openOrdersOfStudentRequest.request.parse(q);
        const open = [...this.orders.values()].filter(
          (o) => o.schoolId === data.school_id && o.studentId === data.student_id && this.isOpen(o),
        );
        return { data: { as_of: AS_OF, orders: open.map((o) => this.quote(o)) } };
      }),
      this.answer(openReceivablesRequest, (q) => {
        const data = openReceivablesRequest.request.parse(q);
        const totals = new Map<string, number>();
        for (const o of this.orders.values())
          totals.set(o.schoolId, (totals.get(o.schoolId) ?? 0) + o.amount - o.paidBase);
        const schools = [...totals]
          .filter(([id]) => !data.school_ids || data.school_ids.includes(id))
          .map(([school_id, open_base_centavos]) => ({ school_id, open_base_centavos }));
        return { data: { schools } };
      }),
      this.nc.subscribe(subjectOf(this.ns, 'payments.>'), {
        callback: (_e, msg) => this.apply(msg),
      }),
    ];
    return this;
  }

  async stop(): Promise<void> {
    for (const s of this.subscriptions) s.unsubscribe();
    await this.nc.flush();
  }

  /** Bills orders (one batch of one concept and period) and publishes billing.orders.billed. */
  async bill(orders: Omit<StandInOrder, 'id' | 'paidBase' | 'paidLateFee' | 'waiting'>[]) {
    const created = orders.map((o) => ({
      ...o,
      id: randomUUID(),
      paidBase: 0,
      paidLateFee: 0,
      waiting: false,
    }));
    for (const o of created) this.orders.set(o.id, o);
    await publishEvent(this.nc, this.ns, ordersBilledV1, this.batch(created));
    return created;
  }

  /** Removes unpaid orders and publishes billing.orders.voided. */
  async void(orders: StandInOrder[]) {
    for (const o of orders) this.orders.delete(o.id);
    await publishEvent(this.nc, this.ns, ordersVoidedV1, this.batch(orders));
  }

  private batch(orders: StandInOrder[]) {
    const first = orders[0]!;
    return {
      school_id: first.schoolId,
      batch_id: randomUUID(),
      concept_id: `concepto-${first.conceptName}`,
      concept_type: first.conceptType,
      period: first.period,
      orders: orders.length,
      total_centavos: orders.reduce((s, o) => s + o.amount, 0),
    };
  }

  private isOpen(o: StandInOrder) {
    return o.amount - o.paidBase + o.lateFee - o.paidLateFee > 0;
  }

  private quote(o: StandInOrder): QuotedOrder {
    const pendingBase = o.amount - o.paidBase;
    const lateFeeDue = o.lateFee - o.paidLateFee;
    return {
      order_id: o.id,
      student_id: o.studentId,
      concept_id: `concepto-${o.conceptName}`,
      concept_name: o.conceptName,
      concept_type: o.conceptType,
      period: o.period,
      due_on: o.dueOn,
      pending_base_centavos: pendingBase,
      late_fee_due_centavos: lateFeeDue,
      status: o.waiting
        ? 'WAITING_PAID'
        : pendingBase + lateFeeDue === 0
          ? 'PAID'
          : o.paidBase + o.paidLateFee > 0
            ? 'PARTIAL_PAID'
            : 'NOT_PAID',
      amount_centavos: o.amount,
      late_fee_centavos: o.lateFee,
    };
  }

  /** payments.payin.succeeded and payments.credit.applied pay orders, once per event. */
  private apply(msg: Msg) {
    const event = msg.json<{ id: string; type: string; data: unknown }>();
    if (this.seenEvents.has(event.id)) return;
    this.seenEvents.add(event.id);
    const waiting = (ids: string[], on: boolean) =>
      ids.forEach((id) => {
        const o = this.orders.get(id);
        if (o) o.waiting = on;
      });
    if (event.type === 'payments.payin.initiated')
      waiting((event.data as { order_ids: string[] }).order_ids, true);
    if (event.type === 'payments.payin.failed')
      waiting((event.data as { order_ids: string[] }).order_ids, false);
    const allocations =
      event.type === 'payments.payin.succeeded'
        ? payinSucceededSchema.parse(event.data).allocations
        : event.type === 'payments.credit.applied'
          ? creditAppliedSchema.parse(event.data).allocations
          : [];
    for (const a of allocations) {
      const o = this.orders.get(a.order_id);
      if (!o) continue;
      o.paidBase += a.base_centavos;
      o.paidLateFee += a.late_fee_centavos;
      o.waiting = false;
    }
  }

  private answer(
    definition: RequestDefinition,
    handle: (request: unknown) => { data: unknown } | { refusal: string },
  ): Subscription {
    return this.nc.subscribe(requestSubject(this.ns, definition), {
      callback: (_err, msg) => {
        const result = handle(msg.json());
        msg.respond(
          JSON.stringify(
            'data' in result
              ? { ok: true, data: result.data }
              : { ok: false, error: { message: result.refusal } },
          ),
        );
      },
    });
  }
}
