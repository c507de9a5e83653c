import { sql } from 'drizzle-orm';
import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import {
  startEnrolmentHarness,
  type EnrolmentHarness,
  type Json,
} from '../test-support/enrolment-harness';

/**
 * Issue 9, finding 6 (ADR 0021): the store's sign-up attached children to an existing
 * prospect family by e-mail alone; a second sender using that e-mail (any case) added
 * children under the first family, and their own name was dropped.
 */
let h: EnrolmentHarness;
beforeAll(async () => {
  h = await startEnrolmentHarness('enrolment_signup_email', { worker: false });
}, 60_000);
afterAll(() => h?.stop());

const visitor: IdentityClaims = { kind: 'anonymous' };
const EMAIL = 'familia.prospecto@example.mx';
const signup = (guardian: Json, child: string) =>
  h.call(visitor, `/api/v1/schools/${h.demo.school_id}/signup/`, {
    method: 'POST',
    json: {
      guardian,
      students: [{ first_name: child, last_name: 'Prospecto', level: 'elementary' }],
      privacy_accepted: true,
    },
  });

/** Each guardian with that e-mail: their name, children and when their row last changed. */
async function guardiansWithEmail(): Promise<Json[]> {
  const { rows } = await h.service.db.execute(sql`
    SELECT g.first_name || ' ' || g.last_name AS name, g.updated_at::text AS updated_at,
           array_agg(s.first_name ORDER BY s.first_name) AS children
    FROM guardians g
    JOIN student_guardians sg ON sg.guardian_id = g.id
    JOIN students s ON s.id = sg.student_id
    WHERE lower(g.email) = ${EMAIL}
    GROUP BY g.id ORDER BY g.created_at`);
  return rows;
}

test("another sender with the family's e-mail gets a record of their own, under their name", async () => {
  const first = { first_name: 'Lucía', last_name: 'Prospecto', email: EMAIL };
  expect((await signup(first, 'Ana')).body.registered).toBe(1);
  const [family] = await guardiansWithEmail();

  const stranger = { first_name: 'Intrusa', last_name: 'Ajena', email: EMAIL.toUpperCase() };
  const res = await signup(stranger, 'Beto');
  expect(res.status).toBe(201);
  // The same answer as any sign-up (its own new lead): nothing tells whether the e-mail was known.
  expect(res.body).toEqual({
    message: 'Recibimos tu registro. La escuela se pondrá en contacto contigo por correo.',
    registered: 1,
    lead_ids: [expect.any(String)],
  });
  expect(await guardiansWithEmail()).toEqual([
    family,
    { name: 'Intrusa Ajena', updated_at: expect.any(String), children: ['Beto'] },
  ]);
});

test('the same person writing again (name in another case, without accents) adds to their record', async () => {
  const again = { first_name: 'LUCIA', last_name: 'prospecto', email: EMAIL };
  expect((await signup(again, 'Carla')).body.registered).toBe(1);
  const [family] = await guardiansWithEmail();
  expect(family).toMatchObject({ name: 'Lucía Prospecto', children: ['Ana', 'Carla'] });
  expect(await h.count('guardians', `lower(email) = '${EMAIL}'`)).toBe(2);
});
