// `npm start`'s demo school with money received: desk payments in cash and by transfer, some
// partial, one voided, some families left behind — through the BFF as the school's cashier,
// the same calls the dashboard's Caja makes, so payments' ledger, billing's balances and the
// figures move as they do for a real desk.
import { randomUUID } from 'node:crypto';
import type { DemoAccess } from '@cuota/contracts/enrolment/demo-access';
import type { DeskFamily } from '@cuota/contracts/payments/desk';
import type { Payin } from '@cuota/contracts/payments/payins';
import type { StudentRow } from '@cuota/contracts/enrolment/student-list';
import { csrfTokenFor, signInStaff } from '../bench/staff-session.ts';

/** What the seed does with one family's debt. */
export type DemoPaymentKind = 'cash' | 'transfer' | 'partial' | 'voided' | 'behind';

/** One family's plan: the student the desk looks it up by, and what it pays. */
export interface DemoPaymentPlan {
  studentId: string;
  kind: DemoPaymentKind;
}

/**
 * Of every eight families three pay all they owe in cash, two by transfer, one half of it in
 * cash, two nothing; the demo guardian's family pays half (the portal shows a history and a
 * debt); the first cash family's payment is voided (a wrong bill found at the cut).
 */
const CYCLE: DemoPaymentKind[] = [
  'cash',
  'transfer',
  'behind',
  'cash',
  'partial',
  'transfer',
  'cash',
  'behind',
];

/** One plan per family (siblings share a billing guardian), in the students' order. */
export function planDemoPayments(
  students: Pick<StudentRow, 'id' | 'billing_guardian_id'>[],
  demoGuardianId: string,
): DemoPaymentPlan[] {
  const families = new Map<string, { studentId: string; guardianId: string | null }>();
  for (const s of students) {
    const key = s.billing_guardian_id ?? s.id;
    if (!families.has(key))
      families.set(key, { studentId: s.id, guardianId: s.billing_guardian_id });
  }
  let voided = false;
  return [...families.values()].map(({ studentId, guardianId }, n) => {
    if (guardianId === demoGuardianId) return { studentId, kind: 'partial' };
    const kind = CYCLE[n % CYCLE.length]!;
    if (kind === 'cash' && !voided) {
      voided = true;
      return { studentId, kind: 'voided' };
    }
    return { studentId, kind };
  });
}

/** Whole pesos of half a debt: a partial payment as a family makes it. */
export const halfInPesos = (centavos: number) => Math.floor(centavos / 2 / 100) * 100;

/** What the desk records for a family that owes `owed` (nothing: 0). */
export function amountFor(kind: DemoPaymentKind, owed: number, limit: number): number {
  const payable = Math.min(owed, limit);
  if (kind === 'behind') return 0;
  return kind === 'partial' ? halfInPesos(payable) : payable;
}

interface Session {
  base: string;
  schoolId: string;
  headers: Record<string, string>;
}

async function call<T>(s: Session, method: 'GET' | 'POST', path: string, body?: unknown) {
  const response = await fetch(new URL(path, s.base), {
    method,
    headers: {
      ...s.headers,
      ...(body === undefined
        ? {}
        : { 'content-type': 'application/json', 'idempotency-key': randomUUID() }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`${method} ${path} → ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function allStudents(s: Session): Promise<StudentRow[]> {
  const rows: StudentRow[] = [];
  for (let page = 1; ; page += 1) {
    const got = await call<{ count: number; results: StudentRow[] }>(
      s,
      'GET',
      `/api/v1/dashboard/schools/${s.schoolId}/students/?page=${page}&page_size=200`,
    );
    rows.push(...got.results);
    if (got.results.length === 0 || rows.length >= got.count) return rows;
  }
}

async function pay(s: Session, plan: DemoPaymentPlan): Promise<number> {
  const desk = `/api/v1/dashboard/schools/${s.schoolId}/desk/${plan.studentId}/`;
  const family = await call<DeskFamily>(s, 'GET', desk);
  const amount = amountFor(plan.kind, family.owed_centavos, family.limit_centavos);
  if (amount <= 0) return 0;
  const payins = `/api/v1/dashboard/schools/${s.schoolId}/payins/`;
  const method = plan.kind === 'transfer' ? 'transfer' : 'cash';
  const payin = await call<Payin>(s, 'POST', payins, {
    student_id: plan.studentId,
    amount_centavos: amount,
    method,
    note: 'Pago de la escuela de demostración',
  });
  if (plan.kind !== 'voided') return 1;
  await call(s, 'POST', `${payins}${payin.id}/void/`, {
    reason: 'Billete falso detectado al cerrar la caja.',
  });
  return 1;
}

/**
 * Records the demo school's desk payments once (none when it has any payin already), signed
 * in as its cashier through the BFF at `portalUrl`. Returns how many it recorded.
 */
export async function seedDemoPayments(portalUrl: string, demo: DemoAccess): Promise<number> {
  const cashier = demo.staff.find((m) => m.role === 'CASH_COLLECTION');
  if (!cashier) throw new Error('The demo school has no cashier to record its payments');
  const cookie = await signInStaff(portalUrl, cashier.email, demo.staff_password);
  const csrf = await csrfTokenFor(portalUrl, cookie);
  const s: Session = {
    base: portalUrl,
    schoolId: demo.school_id,
    headers: { cookie, 'x-csrf-token': csrf },
  };
  const existing = await call<{ count: number }>(
    s,
    'GET',
    `/api/v1/dashboard/schools/${demo.school_id}/payins/?page_size=1`,
  );
  if (existing.count > 0) return 0;
  const plans = planDemoPayments(await allStudents(s), demo.guardian_id);
  // Four at a time: the desk's calls are short and start-up should stay short.
  let recorded = 0;
  for (let i = 0; i < plans.length; i += 4) {
    const done = await Promise.all(plans.slice(i, i + 4).map((p) => pay(s, p)));
    recorded += done.reduce((a, b) => a + b, 0);
  }
  return recorded;
}
