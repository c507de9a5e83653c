import type { Order } from '@cuota/contracts/billing/orders';
import type { OrderPaymentStatus } from '@cuota/contracts/billing/inscription-payments';
import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import { startBillingUnderTest, type BillingUnderTest } from '@cuota/billing/test-support';
import type { TestIdentity } from '@cuota/testing/test-identity';
import { waitFor } from '@cuota/testing/wait-for';
import type { ConceptType } from '@cuota/contracts/billing/concepts';

/** An order billing billed, as the harness's tests and the checkout bench use it. */
export interface BilledOrder {
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

type Bill = Omit<BilledOrder, 'id' | 'paidBase' | 'paidLateFee' | 'waiting'>;

/**
 * Billing's real service on the harness's NATS namespace: its directory follows the
 * students the harness publishes (as enrolment's events), it answers payments' requests and
 * applies payments' events as in production.
 */
export class RealBilling {
  private concepts = 0;
  /** The bill run that billed each order (voiding undoes the run). */
  private readonly runOf = new Map<string, string>();

  readonly billing: BillingUnderTest;
  private readonly identity: TestIdentity;

  private constructor(billing: BillingUnderTest, identity: TestIdentity) {
    this.billing = billing;
    this.identity = identity;
  }

  static async start(
    natsPrefix: string,
    identity: TestIdentity,
    natsUrl?: string,
  ): Promise<RealBilling> {
    return new RealBilling(
      await startBillingUnderTest({ natsPrefix, identity, natsUrl }),
      identity,
    );
  }

  stop = () => this.billing.stop();

  /**
   * Orders as a school bills them: a monthly concept for the period and a bill run, which
   * bills every active student of the school's level; returns the orders of `orders`' students.
   */
  async bill(orders: Bill[]): Promise<BilledOrder[]> {
    const [first] = orders as [Bill];
    const accountant = staffOf(first.schoolId);
    await this.waitForStudents(orders.map((o) => o.studentId));
    this.concepts += 1;
    const concept = await this.call(accountant, '/api/v1/dashboard/concepts/', {
      json: {
        school_id: first.schoolId,
        name: `${first.conceptName} ${this.concepts}`,
        concept_type: first.conceptType,
        recurrence: 'MONTHLY',
        price_centavos: first.amount,
        level: 'elementary',
        periods: [first.period],
        due_day: Number(first.dueOn.slice(8, 10)),
        // Billing charges it once the order is overdue, as of its own clock (today).
        late_fee: first.lateFee
          ? { kind: 'FIXED', amount_centavos: first.lateFee, grace_days: 0 }
          : null,
      },
    });
    const run = await this.call(accountant, '/book-keeper/massive_concept_assignments/', {
      json: { school_id: first.schoolId, concept_id: concept.id, period: first.period },
    });
    const rows = await this.billing.query<{ id: string; student_id: string }>(
      'SELECT id, student_id FROM orders WHERE concept_id = $1',
      [concept.id],
    );
    for (const r of rows) this.runOf.set(r.id, run.id);
    return orders.map((o) => ({
      ...o,
      id: rows.find((r) => r.student_id === o.studentId)!.id,
      paidBase: 0,
      paidLateFee: 0,
      waiting: false,
    }));
  }

  /**
   * Voids orders as a school does: DELETE of the bill runs that billed them, which removes
   * every unpaid order of those runs (each student's of the level), with billing.orders.voided.
   */
  async void(orders: BilledOrder[]): Promise<void> {
    const runs = new Map(orders.map((o) => [this.runOf.get(o.id)!, o.schoolId]));
    for (const [runId, schoolId] of runs)
      await this.call(staffOf(schoolId), `/book-keeper/massive_concept_assignments/${runId}/`, {
        method: 'DELETE',
      });
  }

  /** The order as billing shows it to the school's staff. */
  async order(schoolId: string, orderId: string): Promise<Order> {
    return this.call(staffOf(schoolId), `/book-keeper/orders/${orderId}/`);
  }

  /** Waits until billing shows the order with this much paid (payments' events are async). */
  waitForPaid(order: BilledOrder, paidCentavos = order.amount) {
    return waitFor(
      async () => (await this.order(order.schoolId, order.id)).paid_centavos === paidCentavos,
    );
  }

  /** Waits until billing shows the order in this payment status. */
  waitForStatus(order: BilledOrder, status: OrderPaymentStatus) {
    return waitFor(async () => (await this.order(order.schoolId, order.id)).status === status);
  }

  private async waitForStudents(studentIds: string[]) {
    await waitFor(async () => {
      const rows = await this.billing.query(
        'SELECT 1 FROM student_directory WHERE student_id = ANY($1)',
        [studentIds],
      );
      return rows.length === new Set(studentIds).size;
    });
  }

  private async call(
    claims: IdentityClaims,
    path: string,
    {
      json,
      method = json === undefined ? 'GET' : 'POST',
    }: { json?: unknown; method?: string } = {},
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
  ): Promise<any> {
    const res = await fetch(`${this.billing.service.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${await this.identity.sign(claims)}`,
        ...(json === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    const body = await res.json();
    if (!res.ok) throw new Error(`billing answered ${res.status}: ${JSON.stringify(body)}`);
    return body;
  }
}

const staffOf = (schoolId: string): IdentityClaims => ({
  kind: 'staff',
  user_id: 'contadora',
  memberships: [{ school_id: schoolId, role: 'ACCOUNTANT' }],
});
