import type { Subscription } from '@nats-io/transport-node';
import {
  inscriptionPaymentsRequest,
  type InscriptionPaymentConcept,
} from '@cuota/contracts/billing/inscription-payments';
import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import { serveReplies } from '@cuota/messaging/request-reply';
import { startEnrolmentHarness, type EnrolmentHarness } from '../test-support/enrolment-harness';

let h: EnrolmentHarness;
beforeAll(async () => {
  h = await startEnrolmentHarness('enrolment_admissions');
}, 60_000);
afterAll(() => h?.stop());

const owner = () => h.staff('OWNER');
const admissions = () => h.staff('ADMISSIONS');
const post = (as: IdentityClaims | null, path: string, json: unknown) =>
  h.call(as, path, { method: 'POST', json });

let leadNumber = 0;
const leadBody = (extra: Record<string, unknown> = {}) => ({
  school_id: h.demo.school_id,
  level: 'elementary',
  first_name: 'Valeria',
  last_name: `Interesada ${++leadNumber}`,
  guardians: [
    {
      first_name: 'Rosa',
      last_name: `Tutora ${leadNumber}`,
      email: `rosa${leadNumber}@example.mx`,
      relationship: 'Madre',
    },
  ],
  ...extra,
});
async function newLead(extra: Record<string, unknown> = {}) {
  const res = await post(admissions(), '/api/v1/admissions/create_lead/', leadBody(extra));
  expect(res.status).toBe(201);
  return res.body;
}
async function newApplicant() {
  const lead = await newLead();
  const res = await post(admissions(), `/api/v1/admissions/student_lead/${lead.id}/applicant/`, {});
  expect(res.status).toBe(200);
  return res.body;
}
const statusOf = async (id: string) =>
  (await h.query<{ status: string }>('SELECT status FROM students WHERE id = $1', [id]))[0]?.status;
/** The demo guardian's own children (an enrolled family, not a lead's). */
const demoFamily = async () =>
  (
    await h.query<{ id: string }>(
      'SELECT student_id AS id FROM student_guardians WHERE guardian_id = $1 ORDER BY student_id',
      [h.demo.guardian_id],
    )
  ).map((r) => r.id);

/** Billing's stand-in: a real NATS responder answering from a per-student table. */
const billingAnswers = new Map<string, InscriptionPaymentConcept[]>();
let billing: Subscription | null = null;
async function startBilling() {
  billing = serveReplies(h.ns.nc, h.ns, inscriptionPaymentsRequest, async ({ student_id }) => ({
    concepts: billingAnswers.get(student_id) ?? [],
  }));
  await h.ns.nc.flush();
}
function stopBilling() {
  billing?.unsubscribe();
  billing = null;
}

describe('create_lead and student_lead', () => {
  test('creates the student as a lead with a new guardian of the school, both published', async () => {
    const [students, guardians] = [await h.count('students'), await h.count('guardians')];
    const lead = await newLead({ curp: 'GOMV150312MDFRRL09' });
    expect(lead).toMatchObject({
      status: 'lead',
      level: 'elementary',
      curp: 'GOMV150312MDFRRL09',
      guardians: [{ first_name: 'Rosa', relationship: 'Madre' }],
      concept_ids: [],
    });
    expect(await h.count('students')).toBe(students + 1);
    expect(await h.count('guardians')).toBe(guardians + 1);
    const guardianId = lead.guardians[0].id;
    expect(
      await h.count(
        'guardian_schools',
        `guardian_id = '${guardianId}' AND school_id = '${h.demo.school_id}'`,
      ),
    ).toBe(1);
    await h.published(
      'enrolment.student.created',
      (d) => d.student_id === lead.id && d.status === 'lead',
    );
    const read = await h.call(owner(), `/api/v1/admissions/student_lead/${lead.id}/`);
    expect(read.status).toBe(200);
    expect(read.body.id).toBe(lead.id);
  });

  test('a lead without guardians, a bad CURP or a repeated CURP writes nothing (Spanish 4xx)', async () => {
    const before = await h.count('students');
    const noGuardian = await post(
      owner(),
      '/api/v1/admissions/create_lead/',
      leadBody({ guardians: [] }),
    );
    expect(noGuardian.status).toBe(400);
    expect(noGuardian.body.error.details).toEqual(
      expect.arrayContaining([{ path: 'guardians', message: 'Agrega al menos un tutor.' }]),
    );
    const badCurp = await post(
      owner(),
      '/api/v1/admissions/create_lead/',
      leadBody({ curp: 'XYZ' }),
    );
    expect(badCurp.status).toBe(400);
    await newLead({ curp: 'ROSL160101HDFRRL01' });
    const guardiansBefore = await h.count('guardians');
    const repeated = await post(
      owner(),
      '/api/v1/admissions/create_lead/',
      leadBody({ curp: 'ROSL160101HDFRRL01' }),
    );
    expect(repeated.status).toBe(409);
    expect(repeated.body.error.message).toBe('Ya hay un alumno con esta CURP en la escuela.');
    expect(await h.count('students')).toBe(before + 1);
    expect(await h.count('guardians')).toBe(guardiansBefore);
  });

  test('a role without admissions, another school, a guardian: refused, nothing written', async () => {
    const before = await h.count('students');
    const cash = await post(
      h.staff('CASH_COLLECTION'),
      '/api/v1/admissions/create_lead/',
      leadBody(),
    );
    expect(cash.status).toBe(403);
    expect(cash.body.error.message).toMatch(/permiso/);
    expect(
      (await post(h.staff('OWNER', h.otherSchoolId), '/api/v1/admissions/create_lead/', leadBody()))
        .status,
    ).toBe(404);
    const guardian: IdentityClaims = {
      kind: 'guardian',
      guardian_id: h.demo.guardian_id,
      school_ids: [h.demo.school_id],
    };
    expect((await post(guardian, '/api/v1/admissions/create_lead/', leadBody())).status).toBe(403);
    expect(await h.count('students')).toBe(before);
    const lead = await newLead();
    expect(
      (
        await h.call(
          h.staff('OWNER', h.otherSchoolId),
          `/api/v1/admissions/student_lead/${lead.id}/`,
        )
      ).status,
    ).toBe(404);
    expect(
      (await h.call(h.staff('TREASURER'), `/api/v1/admissions/student_lead/${lead.id}/`)).status,
    ).toBe(403);
  });
});

describe('the pipeline: lead → applicant → inscribed', () => {
  test('a lead applies once; applying twice is a Spanish 409', async () => {
    const lead = await newLead();
    const path = `/api/v1/admissions/student_lead/${lead.id}/applicant/`;
    expect((await post(admissions(), path, {})).body.status).toBe('new_student');
    const again = await post(admissions(), path, {});
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('El alumno ya está en nuevo ingreso.');
    await h.published(
      'enrolment.student.status_changed',
      (d) => d.student_id === lead.id && d.status === 'new_student',
    );
  });

  test('a lead cannot be inscribed before applying', async () => {
    const lead = await newLead();
    const res = await post(
      admissions(),
      `/api/v1/admissions/student_lead/${lead.id}/inscribe/`,
      {},
    );
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('Un prospecto no puede pasar a activo.');
    expect(await statusOf(lead.id)).toBe('lead');
  });

  test('billing silent: "Inscribir" inscribes, recorded as without payment, published', async () => {
    const applicant = await newApplicant();
    const res = await post(
      admissions(),
      `/api/v1/admissions/student_lead/${applicant.id}/inscribe/`,
      {},
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'active',
      label: 'NOT_AVAILABLE',
      without_payment: true,
    });
    const { data: event } = await h.published(
      'enrolment.inscription.completed',
      (d) => d.student_id === applicant.id,
    );
    expect(event).toMatchObject({
      label: 'NOT_AVAILABLE',
      without_payment: true,
      school_id: h.demo.school_id,
    });
    const board = await h.call(
      admissions(),
      `/api/v1/dashboard/schools/${h.demo.school_id}/inscriptions/?status=active&page_size=200`,
    );
    expect(board.body.results.map((c: { id: string }) => c.id)).toContain(applicant.id);
  });

  test('billing says not paid: only with without_payment and a reason', async () => {
    await startBilling();
    try {
      const applicant = await newApplicant();
      billingAnswers.set(applicant.id, [
        { concept_id: 'c1', type: 'INSCRIPTION', status: 'NOT_PAID' },
      ]);
      const path = `/api/v1/admissions/student_lead/${applicant.id}/inscribe/`;
      const refused = await post(admissions(), path, {});
      expect(refused.status).toBe(409);
      expect(refused.body.error.message).toMatch(/No inscrito.*motivo/);
      const noReason = await post(admissions(), path, { without_payment: true });
      expect(noReason.status).toBe(400);
      expect(await statusOf(applicant.id)).toBe('new_student');
      const ok = await post(admissions(), path, {
        without_payment: true,
        reason: 'Beca de la dirección',
      });
      expect(ok.body).toMatchObject({
        status: 'active',
        label: 'No inscrito',
        without_payment: true,
      });
    } finally {
      stopBilling();
    }
  });
});

describe('check_payments', () => {
  beforeAll(startBilling);
  afterAll(stopBilling);

  const cases: [string, InscriptionPaymentConcept[], string][] = [
    ['Inscrito', [{ concept_id: 'i', type: 'INSCRIPTION', status: 'PAID' }], 'active'],
    ['Reinscrito', [{ concept_id: 'r', type: 'REINSCRIPTION', status: 'PAID' }], 'active'],
    [
      'Pendiente',
      [{ concept_id: 'i', type: 'INSCRIPTION', status: 'PARTIAL_PAID' }],
      'new_student',
    ],
    ['No inscrito', [], 'new_student'],
  ];
  test.each(cases)('billing answers → %s', async (label, concepts, status) => {
    const applicant = await newApplicant();
    billingAnswers.set(applicant.id, concepts);
    const res = await h.call(admissions(), `/api/v1/admissions/check_payments/${applicant.id}/`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ student_id: applicant.id, label, status, concepts });
    expect(await statusOf(applicant.id)).toBe(status);
    if (status === 'active')
      await h.published(
        'enrolment.inscription.completed',
        (d) => d.student_id === applicant.id && d.label === label && !d.without_payment,
      );
  });

  test('billing silent → NOT_AVAILABLE, the applicant stays', async () => {
    stopBilling();
    const applicant = await newApplicant();
    const res = await h.call(admissions(), `/api/v1/admissions/check_payments/${applicant.id}/`);
    expect(res.body).toMatchObject({ label: 'NOT_AVAILABLE', status: 'new_student' });
    await startBilling();
  });

  test('v2 batch: staff for their school; a guardian only for their own children', async () => {
    const applicant = await newApplicant();
    billingAnswers.set(applicant.id, [
      { concept_id: 'i', type: 'INSCRIPTION', status: 'WAITING_PAID' },
    ]);
    const batch = await post(owner(), '/api/v2/schools/inscriptions/check_payments/', {
      school_id: h.demo.school_id,
      student_ids: [applicant.id],
    });
    expect(batch.status).toBe(200);
    expect(batch.body.results).toEqual([
      expect.objectContaining({ student_id: applicant.id, label: 'Pendiente' }),
    ]);
    const guardian: IdentityClaims = {
      kind: 'guardian',
      guardian_id: h.demo.guardian_id,
      school_ids: [h.demo.school_id],
    };
    const ownIds = await demoFamily();
    const mine = await post(guardian, '/api/v2/schools/inscriptions/check_payments/', {
      school_id: h.demo.school_id,
      student_ids: ownIds,
    });
    expect(mine.status).toBe(200);
    expect(mine.body.results).toHaveLength(ownIds.length);
    const notMine = await post(guardian, '/api/v2/schools/inscriptions/check_payments/', {
      school_id: h.demo.school_id,
      student_ids: [applicant.id],
    });
    expect(notMine.status).toBe(404);
    expect(
      (
        await post(owner(), '/api/v2/schools/inscriptions/check_payments/', {
          school_id: h.demo.school_id,
          student_ids: [],
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await post(
          h.staff('OWNER', h.otherSchoolId),
          '/api/v2/schools/inscriptions/check_payments/',
          { school_id: h.demo.school_id, student_ids: [applicant.id] },
        )
      ).status,
    ).toBe(404);
  });

  test('check_payments: a role without admissions.read (403), another school (404)', async () => {
    const applicant = await newApplicant();
    expect(
      (await h.call(h.staff('TREASURER'), `/api/v1/admissions/check_payments/${applicant.id}/`))
        .status,
    ).toBe(403);
    expect(
      (
        await h.call(
          h.staff('OWNER', h.otherSchoolId),
          `/api/v1/admissions/check_payments/${applicant.id}/`,
        )
      ).status,
    ).toBe(404);
    expect((await h.call(admissions(), `/api/v1/admissions/check_payments/no-es-id/`)).status).toBe(
      404,
    );
  });
});

describe('assign_concepts / unassign_concepts', () => {
  test('stored and published once; removing publishes only what was there', async () => {
    const lead = await newLead();
    const assign = await post(admissions(), '/api/v1/admissions/assign_concepts/', {
      student_id: lead.id,
      concept_ids: ['insc-2026', 'cuota-ago'],
    });
    expect(assign.status).toBe(200);
    expect(assign.body.concept_ids).toEqual(expect.arrayContaining(['insc-2026', 'cuota-ago']));
    await h.published(
      'enrolment.inscription.concepts_assigned',
      (d) => d.student_id === lead.id && d.concept_ids.length === 2,
    );
    const repeat = await post(admissions(), '/api/v1/admissions/assign_concepts/', {
      student_id: lead.id,
      concept_ids: ['insc-2026'],
    });
    expect(repeat.body.changed).toEqual([]);
    const unassign = await post(admissions(), '/api/v1/admissions/unassign_concepts/', {
      student_id: lead.id,
      concept_ids: ['cuota-ago', 'nunca'],
    });
    expect(unassign.body).toMatchObject({ changed: ['cuota-ago'], concept_ids: ['insc-2026'] });
    await h.published(
      'enrolment.inscription.concepts_unassigned',
      (d) => d.student_id === lead.id && d.concept_ids.join() === 'cuota-ago',
    );
  });

  test('validation, forbidden role, another school, an inscribed student: nothing stored', async () => {
    const lead = await newLead();
    const before = await h.count('admission_concepts');
    const empty = await post(admissions(), '/api/v1/admissions/assign_concepts/', {
      student_id: lead.id,
      concept_ids: [],
    });
    expect(empty.status).toBe(400);
    expect(empty.body.error.details[0].message).toBe('Elige al menos un concepto.');
    expect(
      (
        await post(h.staff('OTHER'), '/api/v1/admissions/assign_concepts/', {
          student_id: lead.id,
          concept_ids: ['x'],
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await post(h.staff('OWNER', h.otherSchoolId), '/api/v1/admissions/assign_concepts/', {
          student_id: lead.id,
          concept_ids: ['x'],
        })
      ).status,
    ).toBe(404);
    const [own] = await demoFamily();
    const active = await post(owner(), '/api/v1/admissions/assign_concepts/', {
      student_id: own,
      concept_ids: ['x'],
    });
    expect(active.status).toBe(409);
    expect(await h.count('admission_concepts')).toBe(before);
  });
});

describe('admission guardians', () => {
  test('create for a lead, read, correct, link to a sibling, refuse to delete while shared', async () => {
    const lead = await newLead();
    const created = await post(admissions(), '/api/v1/admissions/create_guardian/', {
      school_id: h.demo.school_id,
      student_id: lead.id,
      first_name: 'Jorge',
      last_name: 'Padre Prueba',
      phone: '5512345678',
      relationship: 'Padre',
    });
    expect(created.status).toBe(201);
    expect(created.body.students).toEqual([
      expect.objectContaining({ id: lead.id, relationship: 'Padre' }),
    ]);
    const id = created.body.id;
    const updated = await h.call(admissions(), `/api/v1/admissions/update_guardian/${id}/`, {
      method: 'PUT',
      json: {
        first_name: 'Jorge Luis',
        last_name: 'Padre Prueba',
        email: 'JORGE@example.mx',
        phone: null,
      },
    });
    expect(updated.body).toMatchObject({
      first_name: 'Jorge Luis',
      email: 'jorge@example.mx',
      phone: null,
    });
    await h.published(
      'enrolment.guardian.updated',
      (d) => d.guardian_id === id && d.first_name === 'Jorge Luis',
    );
    const sibling = await newLead();
    const linked = await post(admissions(), `/api/v1/admissions/link_guardian/${id}/`, {
      student_id: sibling.id,
    });
    expect(linked.body.students).toHaveLength(2);
    expect(
      (await h.call(owner(), `/api/v1/admissions/guardian/${id}/`)).body.students,
    ).toHaveLength(2);
    const shared = await h.call(
      admissions(),
      `/api/v1/admissions/delete_guardian/${id}/?student_id=${lead.id}`,
      { method: 'DELETE' },
    );
    expect(shared.status).toBe(409);
    expect(shared.body.error.message).toMatch(/otros alumnos/);
    await h.call(admissions(), `/api/v1/admissions/delete_student/${sibling.id}/`, {
      method: 'DELETE',
    });
    const deleted = await h.call(
      admissions(),
      `/api/v1/admissions/delete_guardian/${id}/?student_id=${lead.id}`,
      { method: 'DELETE' },
    );
    expect(deleted.status).toBe(204);
    expect(await h.count('guardians', `id = '${id}'`)).toBe(0);
    await h.published('enrolment.guardian.deleted', (d) => d.guardian_id === id);
  });

  test('bad input, forbidden role, another school: nothing written', async () => {
    const lead = await newLead();
    const guardianId = lead.guardians[0].id;
    const before = await h.count('guardians');
    const bad = await post(admissions(), '/api/v1/admissions/create_guardian/', {
      school_id: h.demo.school_id,
      first_name: '',
      last_name: 'X',
      email: 'no-es-correo',
    });
    expect(bad.status).toBe(400);
    expect(
      (
        await post(h.staff('CASH_COLLECTION'), '/api/v1/admissions/create_guardian/', {
          school_id: h.demo.school_id,
          first_name: 'A',
          last_name: 'B',
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await post(h.staff('OWNER', h.otherSchoolId), '/api/v1/admissions/create_guardian/', {
          school_id: h.demo.school_id,
          first_name: 'A',
          last_name: 'B',
        })
      ).status,
    ).toBe(404);
    expect(await h.count('guardians')).toBe(before);
    const put = (as: IdentityClaims, json: unknown) =>
      h.call(as, `/api/v1/admissions/update_guardian/${guardianId}/`, { method: 'PUT', json });
    expect((await put(admissions(), { first_name: 'Solo nombre' })).status).toBe(400);
    expect(
      (await put(h.staff('OTHER'), { first_name: 'A', last_name: 'B', email: null, phone: null }))
        .status,
    ).toBe(403);
    expect(
      (
        await put(h.staff('OWNER', h.otherSchoolId), {
          first_name: 'A',
          last_name: 'B',
          email: null,
          phone: null,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await h.call(
          h.staff('OWNER', h.otherSchoolId),
          `/api/v1/admissions/guardian/${guardianId}/`,
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await post(
          h.staff('OWNER', h.otherSchoolId),
          `/api/v1/admissions/link_guardian/${guardianId}/`,
          { student_id: lead.id },
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await post(admissions(), `/api/v1/admissions/link_guardian/${guardianId}/`, {
          student_id: 'x',
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await h.call(h.staff('OTHER'), `/api/v1/admissions/delete_guardian/${guardianId}/`, {
          method: 'DELETE',
        })
      ).status,
    ).toBe(403);
    expect(await h.count('guardians', `id = '${guardianId}'`)).toBe(1);
  });
});

describe('delete_student, the board and the history', () => {
  test('a lead is deleted with its links; an inscribed student is a Spanish 409', async () => {
    const lead = await newLead();
    await post(admissions(), '/api/v1/admissions/assign_concepts/', {
      student_id: lead.id,
      concept_ids: ['x'],
    });
    const res = await h.call(admissions(), `/api/v1/admissions/delete_student/${lead.id}/`, {
      method: 'DELETE',
    });
    expect(res.status).toBe(204);
    expect(await h.count('students', `id = '${lead.id}'`)).toBe(0);
    expect(await h.count('guardians', `id = '${lead.guardians[0].id}'`)).toBe(1);
    await h.published('enrolment.student.deleted', (d) => d.student_id === lead.id);
    const [own] = await demoFamily();
    const active = await h.call(owner(), `/api/v1/admissions/delete_student/${own}/`, {
      method: 'DELETE',
    });
    expect(active.status).toBe(409);
    expect(active.body.error.message).toMatch(/ya no está en admisiones/);
    const other = await newLead();
    expect(
      (
        await h.call(
          h.staff('OWNER', h.otherSchoolId),
          `/api/v1/admissions/delete_student/${other.id}/`,
          { method: 'DELETE' },
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await h.call(h.staff('ACCOUNTANT'), `/api/v1/admissions/delete_student/${other.id}/`, {
          method: 'DELETE',
        })
      ).status,
    ).toBe(403);
    expect(await h.count('students', `id = '${other.id}'`)).toBe(1);
  });

  test('the board pages one column; bad query 400; forbidden 403; another school 404', async () => {
    const lead = await newLead({ first_name: 'Columnita' });
    const board = `/api/v1/dashboard/schools/${h.demo.school_id}/inscriptions/`;
    const leads = await h.call(admissions(), `${board}?status=lead&search=Columnita`);
    expect(leads.status).toBe(200);
    expect(leads.body).toMatchObject({
      count: 1,
      results: [{ id: lead.id, status: 'lead', guardian_names: [expect.stringMatching(/^Rosa/)] }],
    });
    // By the child's full name or a guardian's, without regard to case.
    const guardianName = `${lead.guardians[0].first_name} ${lead.guardians[0].last_name}`;
    for (const search of [`columnita ${lead.last_name}`, guardianName.toUpperCase()]) {
      const found = await h.call(
        admissions(),
        `${board}?status=lead&search=${encodeURIComponent(search)}`,
      );
      expect(found.body.results.map((r: { id: string }) => r.id)).toEqual([lead.id]);
    }
    const nobody = await h.call(admissions(), `${board}?status=lead&search=Nadie%20Así`);
    expect(nobody.body).toMatchObject({ count: 0, results: [] });
    expect((await h.call(admissions(), `${board}?status=graduated`)).status).toBe(400);
    expect((await h.call(h.staff('TREASURER'), board)).status).toBe(403);
    expect((await h.call(h.staff('OWNER', h.otherSchoolId), board)).status).toBe(404);
    const inscribed = await h.call(admissions(), `${board}?status=active&page_size=200`);
    // Only students inscribed through admissions, not the 200 seeded ones.
    expect(inscribed.body.count).toBeLessThan(20);
  });

  test("a student's inscription history", async () => {
    const applicant = await newApplicant();
    const res = await h.call(
      owner(),
      `/academic-coordinator/students/${applicant.id}/inscriptions/`,
    );
    expect(res.status).toBe(200);
    expect(res.body.history.map((c: { to_status: string }) => c.to_status)).toEqual([
      'lead',
      'new_student',
    ]);
    expect(
      (
        await h.call(
          h.staff('OWNER', h.otherSchoolId),
          `/academic-coordinator/students/${applicant.id}/inscriptions/`,
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await h.call(
          { kind: 'guardian', guardian_id: h.demo.guardian_id, school_ids: [h.demo.school_id] },
          `/academic-coordinator/students/${applicant.id}/inscriptions/`,
        )
      ).status,
    ).toBe(403);
    // Without students.read (an explicit permission list): refused too.
    const noStudents: IdentityClaims = {
      kind: 'staff',
      user_id: '00000000-0000-4000-8000-0000000000aa',
      memberships: [{ school_id: h.demo.school_id, role: 'OTHER', permissions: ['school.read'] }],
    };
    expect(
      (await h.call(noStudents, `/academic-coordinator/students/${applicant.id}/inscriptions/`))
        .status,
    ).toBe(403);
  });
});
