import { curpCheckDigit } from '@cuota/contracts/enrolment/curp';
import { createLead } from '../test-support/create-lead';
import { waitFor } from '@cuota/testing/wait-for';
import {
  startEnrolmentHarness,
  type EnrolmentHarness,
  type Json,
} from '../test-support/enrolment-harness';

let h: EnrolmentHarness;
beforeAll(async () => {
  h = await startEnrolmentHarness('enrolment_guardians');
  // The launcher passes PUBLIC_URL; the routes read the same config object.
  h.service.config.publicUrl = 'https://portal.cuota.test';
}, 60_000);
afterAll(() => h?.stop());

const guardianPath = (id: string) => `/api/v1/guardians/${id}/`;
const schoolGuardians = (query = '') =>
  `/api/v1/dashboard/schools/${h.demo.school_id}/guardians/${query}`;
const me = async () => (await h.call(h.guardian(), '/api/v1/guardians/me/')).body;

describe('GET/PUT/PATCH /api/v1/guardians/{id}/', () => {
  test('a guardian updates their own billing data; the RFC is normalised and published', async () => {
    const res = await h.call(h.guardian(), guardianPath(h.demo.guardian_id), {
      method: 'PATCH',
      json: { billing_name: 'ANA PRUEBA', tax_id: 'cama-911215-cj0', tax_zip_code: '06600' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ tax_id: 'CAMA911215CJ0', tax_zip_code: '06600' });
    const published = await waitFor(async () => {
      const event = await h.lastEvent('enrolment.guardian.updated');
      const ours =
        event?.data.guardian_id === h.demo.guardian_id && event.data.tax_id === 'CAMA911215CJ0';
      return ours ? event : undefined;
    });
    // Notifications links the family's messages to its portal with these (ADR 0084).
    expect(published.data).toMatchObject({
      guardian_hash: h.demo.guardian_hash,
      onboarding_stage: expect.any(String),
    });
    // guardian.me still answers spec §3's shape with the new fiscal data.
    const dependent = (await me()).dependents[0];
    expect(dependent.billing_guardian).toEqual({ id: h.demo.guardian_id });
    const billing = dependent.guardians.find((g: Json) => g.id === h.demo.guardian_id);
    expect(billing).toMatchObject({ billing_name: 'ANA PRUEBA', tax_id: 'CAMA911215CJ0' });
  });

  test('a malformed RFC or zip code is a Spanish 400 and nothing changes', async () => {
    const before = (await h.call(h.guardian(), guardianPath(h.demo.guardian_id))).body;
    const res = await h.call(h.guardian(), guardianPath(h.demo.guardian_id), {
      method: 'PATCH',
      json: { tax_id: 'CAMA911315CJ0', tax_zip_code: '123' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details.map((d: Json) => d.message)).toEqual([
      'El RFC no tiene un formato válido (ej. GOML850101ABA o ABC850101AB7).',
      'El código postal debe tener 5 dígitos.',
    ]);
    const put = await h.call(h.guardian(), guardianPath(h.demo.guardian_id), {
      method: 'PUT',
      json: { first_name: 'Sólo' },
    });
    expect(put.status).toBe(400);
    expect((await h.call(h.guardian(), guardianPath(h.demo.guardian_id))).body).toEqual(before);
  });

  test('staff with guardians.write edit; read-only roles, other families and schools cannot', async () => {
    const other = h.demo.other_guardian_id;
    const edit = (as: Json, id = other) =>
      h.call(as, guardianPath(id), { method: 'PATCH', json: { phone: '81 1234 5678' } });
    expect((await edit(h.staff('ADMISSIONS'))).body.phone).toBe('81 1234 5678');
    expect((await edit(h.staff('CASH_COLLECTION'))).status).toBe(403);
    expect((await edit(h.staff('OWNER', h.otherSchoolId))).status).toBe(404);
    expect((await edit(h.guardian())).status).toBe(404);
    expect((await h.call(h.guardian(), guardianPath(other))).status).toBe(404);
  });
});

describe('assign_billing and assign_billings', () => {
  test("a student's billing guardian must be one of their guardians; the change is published", async () => {
    const dependent = (await me()).dependents[0];
    const coGuardian = dependent.guardians.find((g: Json) => g.id !== h.demo.guardian_id);
    const ok = await h.call(h.staff('OWNER'), '/api/v1/guardians/assign_billing/', {
      method: 'PATCH',
      json: { student_id: dependent.id, guardian_id: coGuardian.id },
    });
    expect(ok.status).toBe(200);
    await waitFor(async () => {
      const event = await h.lastEvent('enrolment.student.updated');
      return event?.data.billing_guardian_id === coGuardian.id;
    });
    const wrong = await h.call(h.staff('OWNER'), '/api/v1/guardians/assign_billing/', {
      method: 'PATCH',
      json: { student_id: dependent.id, guardian_id: h.demo.other_guardian_id },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe(
      'El tutor de facturación debe ser uno de los tutores del alumno.',
    );
    // The guardian takes it back for their own child.
    const back = await h.call(h.guardian(), '/api/v1/guardians/assign_billing/', {
      method: 'PATCH',
      json: { student_id: dependent.id, guardian_id: h.demo.guardian_id },
    });
    expect(back.status).toBe(200);
  });

  test('many at once are all or nothing; foreign students are 404, read-only roles 403', async () => {
    const dependents = (await me()).dependents;
    const all = dependents.map((d: Json) => ({
      student_id: d.id,
      guardian_id:
        d.guardians.find((g: Json) => g.id !== h.demo.guardian_id)?.id ?? h.demo.guardian_id,
    }));
    const bad = [...all, { student_id: dependents[0].id, guardian_id: h.demo.other_guardian_id }];
    const refused = await h.call(h.staff('OWNER'), '/api/v1/guardians/assign_billings/', {
      method: 'PATCH',
      json: { assignments: bad },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details).toHaveLength(1);
    for (const d of (await me()).dependents)
      expect(d.billing_guardian).toEqual({ id: h.demo.guardian_id });
    const body = { assignments: all };
    const patch = (as: Json) =>
      h.call(as, '/api/v1/guardians/assign_billings/', { method: 'PATCH', json: body });
    expect((await patch(h.staff('OTHER'))).status).toBe(403);
    expect((await patch(h.staff('OWNER', h.otherSchoolId))).status).toBe(404);
    const ok = await patch(h.staff('OWNER'));
    expect(ok.status).toBe(200);
    expect(ok.body).toHaveLength(all.length);
    await patch(h.guardian()); // idempotent, and allowed for their own children
    const restore = dependents.map((d: Json) => ({
      student_id: d.id,
      guardian_id: h.demo.guardian_id,
    }));
    await h.call(h.guardian(), '/api/v1/guardians/assign_billings/', {
      method: 'PATCH',
      json: { assignments: restore },
    });
  });
});

describe('dashboard guardians', () => {
  test('the school list pages and searches; the group row needs school_id', async () => {
    const page = await h.call(h.staff('CASH_COLLECTION'), schoolGuardians('?page_size=5'));
    expect(page.status).toBe(200);
    expect(page.body.results).toHaveLength(5);
    expect(page.body.count).toBe(
      await h.count('guardian_schools', `school_id = '${h.demo.school_id}'`),
    );
    const surname = h.demo.guardian_name.split(' ')[1]!;
    const found = await h.call(
      h.staff('OWNER'),
      schoolGuardians(`?search=${encodeURIComponent(surname)}`),
    );
    expect(found.body.results.some((g: Json) => g.id === h.demo.guardian_id)).toBe(true);
    const group = await h.call(
      h.staff('OWNER'),
      `/api/v1/dashboard/guardians/?school_id=${h.demo.school_id}&page_size=1`,
    );
    expect(group.body.count).toBe(page.body.count);
    expect((await h.call(h.staff('OWNER'), '/api/v1/dashboard/guardians/')).status).toBe(400);
    expect((await h.call(h.staff('OWNER', h.otherSchoolId), schoolGuardians())).status).toBe(404);
    expect((await h.call(h.staff('OTHER'), schoolGuardians())).status).toBe(403);
  });

  test('portal_url is the public host plus /guardians/{guardianHash}', async () => {
    const path = `/api/v1/dashboard/schools/${h.demo.school_id}/guardians/${h.demo.guardian_id}/portal_url/`;
    const res = await h.call(h.staff('ADMISSIONS'), path);
    expect(res.body).toEqual({
      guardian_id: h.demo.guardian_id,
      portal_path: `/guardians/${h.demo.guardian_hash}`,
      portal_url: `https://portal.cuota.test/guardians/${h.demo.guardian_hash}`,
    });
    const foreign = `/api/v1/dashboard/schools/${h.otherSchoolId}/guardians/${h.demo.guardian_id}/portal_url/`;
    expect((await h.call(h.staff('OWNER', h.otherSchoolId), foreign)).status).toBe(404);
    expect((await h.call(h.staff('OTHER'), path)).status).toBe(403);
  });

  test("a student's guardians, and trigger-save-action re-publishing student and guardian", async () => {
    const dependent = (await me()).dependents[0];
    const list = await h.call(
      h.staff('OWNER'),
      `/api/v1/dashboard/students/${dependent.id}/guardians/`,
    );
    expect(list.body.find((g: Json) => g.is_billing_guardian).id).toBe(h.demo.guardian_id);
    const student = await h.call(
      h.staff('OWNER'),
      `/api/v4/dashboard/trigger-save-action/students/${dependent.id}/`,
      { method: 'POST' },
    );
    expect(student.status).toBe(202);
    const guardianSave = `/api/v4/dashboard/trigger-save-action/guardians/${h.demo.other_guardian_id}/`;
    const guardianRes = await h.call(h.staff('OWNER'), guardianSave, { method: 'POST' });
    expect(guardianRes.status).toBe(202);
    await waitFor(async () => {
      const event = await h.lastEvent('enrolment.guardian.updated');
      return event?.data.guardian_id === h.demo.other_guardian_id;
    });
    expect((await h.call(h.staff('OTHER'), guardianSave, { method: 'POST' })).status).toBe(403);
    expect(
      (await h.call(h.staff('OWNER', h.otherSchoolId), guardianSave, { method: 'POST' })).status,
    ).toBe(404);
    expect(
      (await h.call(h.guardian(), `/api/v1/dashboard/students/${dependent.id}/guardians/`)).status,
    ).toBe(403);
  });
});

describe('guardian.me', () => {
  /** The statements enrolment sends PostgreSQL while `run` goes on. */
  async function statementsDuring(run: () => Promise<unknown>): Promise<string[]> {
    const pool = h.service.db.$client as { query: (...args: unknown[]) => unknown };
    const query = pool.query;
    const seen: string[] = [];
    pool.query = function (this: unknown, ...args: unknown[]) {
      const first = args[0] as string | { text: string };
      seen.push(typeof first === 'string' ? first : first.text);
      return query.apply(this, args);
    } as typeof query;
    try {
      await run();
    } finally {
      pool.query = query;
    }
    return seen;
  }

  test('is one statement: one round trip and one pooled connection per call', async () => {
    const statements = await statementsDuring(me);
    const aboutFamilies = statements.filter((s) => s.includes('student_guardians'));
    expect(aboutFamilies).toHaveLength(1);
    const answer = await me();
    expect(answer).toMatchObject({ id: h.demo.guardian_id, guardian_hash: h.demo.guardian_hash });
    expect(answer.schools.map((s: Json) => s.id)).toContain(h.demo.school_id);
    expect(answer.dependents.length).toBeGreaterThan(0);
    for (const dependent of answer.dependents) {
      expect(Object.keys(dependent).sort()).toEqual(
        [
          'billing_guardian',
          'first_name',
          'guardians',
          'id',
          'last_name',
          'level',
          'school_id',
          'section',
          'status',
        ].sort(),
      );
      expect(dependent.guardians.map((g: Json) => g.id)).toContain(h.demo.guardian_id);
    }
  });
});

describe('registration steps (spec §2 onboarding) through PATCH /api/v1/guardians/{id}/', () => {
  test('a new guardian moves forward only with what each step asks for', async () => {
    const child = await createLead(h, {
      first_name: 'Sofía',
      last_name: 'Registro',
      guardians: [{ first_name: 'Rosa', relationship: 'Madre' }],
    });
    const rosa = child.guardians[0].id as string;
    const asRosa = { kind: 'guardian' as const, guardian_id: rosa, school_ids: [h.demo.school_id] };
    const patch = (json: Json) => h.call(asRosa, guardianPath(rosa), { method: 'PATCH', json });
    const stage = async () =>
      (await h.call(asRosa, guardianPath(rosa))).body.onboarding_stage as string;
    expect(await stage()).toBe('PROFILE');

    const noContact = await patch({ onboarding_stage: 'BILLING' });
    expect(noContact.status).toBe(400);
    expect(noContact.body.error.details).toEqual([
      { path: 'email', message: 'Escribe tu correo: ahí te llegan tus códigos para entrar.' },
    ]);
    // Staff may leave a guardian without e-mail; the guardian may not remove their own.
    const cleared = await patch({ email: null });
    expect(cleared.body.error.message).toBe(
      'Escribe tu correo: ahí te llegan tus códigos para entrar.',
    );
    const withEmail = { email: 'rosa@correo.mx', onboarding_stage: 'BILLING' };
    expect((await patch(withEmail)).status).toBe(200);
    expect(await stage()).toBe('BILLING');

    // Part of the fiscal data: refused, and nothing of the request is kept.
    const partial = await patch({ billing_name: 'ROSA REGISTRO', onboarding_stage: 'CFDI' });
    expect(partial.body.error.details.map((d: Json) => d.path)).toEqual([
      'tax_id',
      'tax_zip_code',
      'tax_regime',
    ]);
    expect((await h.call(asRosa, guardianPath(rosa))).body.billing_name).toBeNull();
    const fiscal = {
      billing_name: 'ROSA REGISTRO',
      tax_id: 'RERO850101AB1',
      tax_zip_code: '64000',
    };
    const moral = await patch({ ...fiscal, tax_regime: '601', onboarding_stage: 'CFDI' });
    expect(moral.body.error.message).toBe(
      'El régimen fiscal 601 no corresponde a una persona física.',
    );
    expect((await patch({ ...fiscal, tax_regime: '605', onboarding_stage: 'CFDI' })).status).toBe(
      200,
    );

    const general = await patch({ cfdi_use: 'G03', onboarding_stage: 'STUDENTS' });
    expect(general.body.error.message).toBe(
      'El SAT no admite el uso G03 para tu régimen fiscal; elige otro.',
    );
    expect((await patch({ cfdi_use: 'D10', onboarding_stage: 'STUDENTS' })).status).toBe(200);

    const noCurp = await patch({ onboarding_stage: 'COMPLETED' });
    expect(noCurp.body.error.message).toBe(
      'Escribe la CURP de Sofía Registro: sin ella sus colegiaturas no son deducibles.',
    );
    const body = 'RERS150314MNLGSFA';
    const curp = `${body}${curpCheckDigit(body)}`;
    const saved = await h.call(asRosa, `/api/v1/students/${child.id}/`, {
      method: 'PATCH',
      json: { curp },
    });
    expect(saved.status).toBe(200);
    expect((await patch({ onboarding_stage: 'COMPLETED' })).status).toBe(200);
    expect(await stage()).toBe('COMPLETED');
    // Editing a step later keeps the registration complete.
    expect((await patch({ phone: '81 8765 4321', onboarding_stage: 'PROFILE' })).status).toBe(200);
    expect(await stage()).toBe('COMPLETED');
    await h.published(
      'enrolment.guardian.updated',
      (data) => data.guardian_id === rosa && data.cfdi_use === 'D10',
    );
  });

  test('an unknown stage or use is a Spanish 400', async () => {
    const res = await h.call(h.guardian(), guardianPath(h.demo.guardian_id), {
      method: 'PATCH',
      json: { cfdi_use: 'P01' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].message).toBe('Elige un uso del CFDI de la lista.');
  });
});

describe('POST /internal/guardians/by-email/ (the BFF sends a lost link)', () => {
  test("finds the school's guardians by e-mail, case apart; only for the BFF", async () => {
    const [demo] = await h.query<{ email: string }>('SELECT email FROM guardians WHERE id = $1', [
      h.demo.guardian_id,
    ]);
    const lookup = (schoolId: string, as = h.bff) =>
      h.call(as, '/internal/guardians/by-email/', {
        method: 'POST',
        json: { school_id: schoolId, email: demo!.email.toUpperCase() },
      });
    const found = await lookup(h.demo.school_id);
    expect(found.status).toBe(200);
    expect(found.body.map((g: Json) => g.id)).toEqual([h.demo.guardian_id]);
    expect((await lookup(h.otherSchoolId)).body).toEqual([]);
    expect((await lookup(h.demo.school_id, h.staff('OWNER'))).status).toBe(403);
  });
});
