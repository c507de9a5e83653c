import { eq, sql } from 'drizzle-orm';
import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import { studentStatusHistorySchema } from '@cuota/contracts/enrolment/student-status';
import {
  startEnrolmentHarness,
  type EnrolmentHarness,
  type Json,
} from '../../test-support/enrolment-harness';
import { staffUsers } from '../../schema';

let h: EnrolmentHarness;
beforeAll(async () => {
  h = await startEnrolmentHarness('enrolment_status_history');
}, 60_000);
afterAll(() => h?.stop());

const history = (id: string) => `/api/v1/dashboard/students/${id}/status_history/`;

/** The demo owner as a real staff user (the harness's staff() has no user row, so no name). */
async function realOwner(): Promise<{ claims: IdentityClaims; id: string; name: string }> {
  const email = h.demo.staff.find((s) => s.role === 'OWNER')!.email;
  const [user] = await h.service.db
    .select({ id: staffUsers.id, name: staffUsers.name })
    .from(staffUsers)
    .where(eq(sql`lower(${staffUsers.email})`, email.toLowerCase()));
  const claims: IdentityClaims = {
    kind: 'staff',
    user_id: user!.id,
    memberships: [{ school_id: h.demo.school_id, role: 'OWNER' }],
  };
  return { claims, ...user! };
}

async function activeStudent(): Promise<string> {
  const page = await h.call(
    h.staff('OWNER'),
    `/api/v2/dashboard/schools/${h.demo.school_id}/students_by_level/?status=active&page_size=1`,
  );
  return page.body.results[0].id;
}

describe('GET /api/v1/dashboard/students/{id}/status_history/', () => {
  test('newest first, with who (name when a staff member), from, to and reason', async () => {
    const id = await activeStudent();
    const owner = await realOwner();
    const off = await h.call(owner.claims, `/api/v1/dashboard/students/${id}/inactivate/`, {
      method: 'DELETE',
      json: { reason: 'Viaje familiar' },
    });
    expect(off.status).toBe(200);
    const back = await h.call(h.staff('OWNER'), `/api/v1/dashboard/students/${id}/reactivate/`, {
      method: 'PATCH',
    });
    expect(back.status).toBe(200);

    const res = await h.call(h.staff('OTHER'), history(id));
    expect(res.status).toBe(200);
    const rows = studentStatusHistorySchema.parse(res.body);
    expect(rows.map((r) => [r.from_status, r.to_status])).toEqual([
      ['inactive', 'active'],
      ['active', 'inactive'],
      [null, 'active'],
    ]);
    // The harness's staff identity has no staff_users row: its id, no name.
    expect(rows[0]).toMatchObject({
      reason: null,
      changed_by: (h.staff('OWNER') as { user_id: string }).user_id,
      changed_by_name: null,
    });
    expect(rows[1]).toMatchObject({
      reason: 'Viaje familiar',
      changed_by: owner.id,
      changed_by_name: owner.name,
    });
    // Registered by the seed: nobody on the staff.
    expect(rows[2]).toMatchObject({ changed_by: null, changed_by_name: null });
    const times = rows.map((r) => Date.parse(r.changed_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  test("another school's student is a 404, as an unknown id is", async () => {
    const id = await activeStudent();
    const foreign = await h.call(h.staff('OWNER', h.otherSchoolId), history(id));
    expect(foreign.status).toBe(404);
    const unknown = await h.call(h.staff('OWNER'), history('6f1e2b9c-0d3a-4b7e-9c1f-2a3b4c5d6e7f'));
    expect(unknown.status).toBe(404);
  });

  test('a membership without students.read is a 403; a guardian, even of the student, too', async () => {
    const id = await activeStudent();
    const noRead: IdentityClaims = {
      kind: 'staff',
      user_id: '00000000-0000-4000-8000-0000000000ab',
      memberships: [{ school_id: h.demo.school_id, role: 'OTHER', permissions: ['school.read'] }],
    };
    const refused = await h.call(noRead, history(id));
    expect(refused.status).toBe(403);
    const me = await h.call(h.guardian(), '/api/v1/guardians/me/');
    const own: Json = me.body.dependents[0];
    expect((await h.call(h.guardian(), history(own.id))).status).toBe(403);
    expect((await h.call(h.guardian(), history(id))).status).toBe(403);
    expect((await h.call(null, history(id))).status).toBe(401);
  });
});
