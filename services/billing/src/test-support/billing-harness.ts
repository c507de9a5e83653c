// Test support (not shipped): the one setup of billing's integration tests.
import type { StudentSnapshot } from '@cuota/contracts/events/enrolment.student.created.v1';
import type { StaffRole } from '@cuota/contracts/enrolment/entities';
import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import { createTestNamespace, type TestNamespace } from '@cuota/testing/test-namespace';
import { upsertStudent } from '@cuota/student-directory/student-directory-repository';
import { startBillingUnderTest, type BillingUnderTest } from '../test-support/billing-under-test';

/** Response bodies are checked field by field, as a client would read them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export const SCHOOL = '11111111-1111-4111-8111-111111111111';
export const OTHER_SCHOOL = '22222222-2222-4222-8222-222222222222';
export const GUARDIAN = '33333333-3333-4333-8333-333333333333';
export const OTHER_GUARDIAN = '44444444-4444-4444-8444-444444444444';

export const staff = (role: StaffRole = 'ACCOUNTANT', schoolId = SCHOOL): IdentityClaims => ({
  kind: 'staff',
  user_id: `user-${role}`,
  memberships: [{ school_id: schoolId, role }],
});
export const family = (guardianId = GUARDIAN, schoolId = SCHOOL): IdentityClaims => ({
  kind: 'guardian',
  guardian_id: guardianId,
  school_ids: [schoolId],
});

export const studentId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export interface Answer {
  status: number;
  body: Json;
  bytes: Buffer;
  headers: Headers;
}

export interface BillingHarness extends BillingUnderTest {
  ns: TestNamespace;
  call: (
    claims: IdentityClaims,
    path: string,
    init?: {
      method?: string;
      json?: unknown;
      /** Sent as multipart/form-data. */
      form?: FormData;
      headers?: Record<string, string>;
    },
  ) => Promise<Answer>;
  /** Students as enrolment's events would leave them in billing's directory. */
  enrol: (...students: Partial<StudentSnapshot>[]) => Promise<void>;
  /** Row counts of billing's money tables: "nothing was written" checks. */
  counts: () => Promise<Record<string, number>>;
  dispose: () => Promise<void>;
}

export async function startBillingHarness(
  options: { now?: () => Date } = {},
): Promise<BillingHarness> {
  const ns = await createTestNamespace();
  const billing = await startBillingUnderTest({ natsPrefix: ns.prefix, now: options.now });
  const call: BillingHarness['call'] = async (claims, path, init = {}) => {
    const headers: Record<string, string> = {
      authorization: `Bearer ${await billing.identity.sign(claims)}`,
      ...init.headers,
    };
    if (init.json !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${billing.service.url}${path}`, {
      method: init.method ?? (init.json === undefined && !init.form ? 'GET' : 'POST'),
      headers,
      body: init.form ?? (init.json === undefined ? undefined : JSON.stringify(init.json)),
    });
    const bytes = Buffer.from(await res.arrayBuffer());
    const isJson = res.headers.get('content-type')?.includes('json');
    return {
      status: res.status,
      body: isJson ? JSON.parse(bytes.toString('utf8')) : null,
      bytes,
      headers: res.headers,
    };
  };
  return {
    ...billing,
    ns,
    call,
    enrol: async (...students) => {
      for (const [i, s] of students.entries())
        await upsertStudent(
          billing.service.db,
          {
            student_id: studentId(i + 1),
            school_id: SCHOOL,
            first_name: `Alumno ${i + 1}`,
            last_name: 'García',
            level: 'elementary',
            section_id: null,
            status: 'active',
            billing_guardian_id: GUARDIAN,
            ...s,
          },
          new Date(),
        );
    },
    counts: async () => {
      const [row] = await billing.query<Record<string, number>>(
        `SELECT (SELECT count(*)::int FROM concepts) AS concepts,
                (SELECT count(*)::int FROM orders) AS orders,
                (SELECT count(*)::int FROM bill_runs) AS bill_runs,
                (SELECT count(*)::int FROM outbox_events) AS events`,
      );
      return row!;
    },
    dispose: async () => {
      await billing.stop();
      await ns.dispose();
    },
  };
}
