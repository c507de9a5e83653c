import { cycleHasAssignedConceptsRequest } from '@cuota/contracts/billing/requests';
import { serveReplies } from '@cuota/messaging/request-reply';
import { waitFor } from '@cuota/testing/wait-for';
import {
  startEnrolmentHarness,
  type EnrolmentHarness,
  type Json,
} from '../test-support/enrolment-harness';

/**
 * The service's clock: whether a cycle has ended depends on today, so the tests pin it to a
 * day inside the seeded 2026-2027 cycle instead of reading the machine's date.
 */
const DAY_IN_2026_2027 = new Date('2026-11-23T18:00:00Z');
let now = DAY_IN_2026_2027;

let h: EnrolmentHarness;
beforeAll(async () => {
  h = await startEnrolmentHarness('enrolment_cycles', { now: () => now });
}, 60_000);
afterAll(() => h?.stop());

const cyclesOf = (schoolId: string) => `/api/v1/dashboard/schools/${schoolId}/cycles/`;
const demoCycles = () => cyclesOf(h.demo.school_id);
const create = (as: Json, body: unknown, schoolId = h.demo.school_id) =>
  h.call(as, cyclesOf(schoolId), { method: 'POST', json: body });
const cycleNamed = async (name: string, schoolId = h.demo.school_id): Promise<Json> =>
  (await h.call(h.staff('OWNER', schoolId), cyclesOf(schoolId))).body.find(
    (c: Json) => c.name === name,
  );

describe('cycles: list and create', () => {
  test('staff list the cycles; the seeded one is active', async () => {
    const res = await h.call(h.staff('ACCOUNTANT'), demoCycles());
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      expect.objectContaining({ name: '2026-2027', status: 'active', starts_on: '2026-08-24' }),
    ]);
    expect((await h.call(h.guardian(), demoCycles())).status).toBe(403);
    expect((await h.call(h.staff('OWNER', h.otherSchoolId), demoCycles())).status).toBe(404);
  });

  test('a director creates the next cycle as a draft', async () => {
    const res = await create(h.staff('ADMINISTRATIVE_DIRECTOR'), {
      name: '2027-2028',
      starts_on: '2027-08-23',
      ends_on: '2028-07-07',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: '2027-2028', status: 'draft', activated_at: null });
  });

  test('bad names, dates out of order and overlaps are refused in Spanish; nothing written', async () => {
    const before = await h.count('school_cycles');
    const badName = await create(h.staff('OWNER'), {
      name: '2027',
      starts_on: '2028-08-21',
      ends_on: '2029-07-06',
    });
    expect(badName.status).toBe(400);
    expect(badName.body.error.details[0].message).toBe(
      'Nombra el ciclo con sus dos años, por ejemplo 2026-2027.',
    );
    const backwards = await create(h.staff('OWNER'), {
      name: '2028-2029',
      starts_on: '2029-07-06',
      ends_on: '2028-08-21',
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.error.details[0]).toEqual({
      path: 'ends_on',
      message: 'El ciclo debe terminar después de empezar.',
    });
    const overlap = await create(h.staff('OWNER'), {
      name: '2028-2029',
      starts_on: '2028-07-01',
      ends_on: '2029-07-06',
    });
    expect(overlap.status).toBe(409);
    expect(overlap.body.error.message).toBe(
      'Las fechas se cruzan con el ciclo 2027-2028 (del 2027-08-23 al 2028-07-07).',
    );
    expect(await h.count('school_cycles')).toBe(before);
  });

  test('a role without cycles.write is 403; another school is 404', async () => {
    const before = await h.count('school_cycles');
    const body = { name: '2030-2031', starts_on: '2030-08-19', ends_on: '2031-07-04' };
    expect((await create(h.staff('ADMISSIONS'), body)).status).toBe(403);
    expect((await create(h.staff('OWNER', h.otherSchoolId), body)).status).toBe(404);
    expect(await h.count('school_cycles')).toBe(before);
  });
});

describe('cycles: validate_activate and activate', () => {
  const check = (cycleId: string, as = h.staff('OWNER'), schoolId = h.demo.school_id) =>
    h.call(as, `${cyclesOf(schoolId)}${cycleId}/validate_activate/`);
  const activate = (cycleId: string, as = h.staff('OWNER'), schoolId = h.demo.school_id) =>
    h.call(as, `${cyclesOf(schoolId)}${cycleId}/activate/`, { method: 'POST' });

  test('an ended cycle before the active one: every reason, and activate refuses with them', async () => {
    await create(h.staff('OWNER'), {
      name: '2020-2021',
      starts_on: '2020-08-24',
      ends_on: '2021-07-09',
    });
    const past = await cycleNamed('2020-2021');
    const res = await check(past.id, h.staff('OTHER'));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      can_activate: false,
      reasons: [
        'El ciclo ya terminó (terminó el 2021-07-09).',
        'El ciclo empieza antes que el ciclo activo 2026-2027.',
      ],
    });
    const refused = await activate(past.id);
    expect(refused.status).toBe(409);
    expect(refused.body.error.details.map((d: Json) => d.message)).toEqual(res.body.reasons);
    expect(refused.body.error.message).toMatch(/^No se puede activar el ciclo 2020-2021\./);
    expect((await cycleNamed('2026-2027')).status).toBe('active');
  });

  test('a school without levels with sections cannot activate a cycle', async () => {
    const owner = h.staff('OWNER', h.otherSchoolId);
    await create(
      owner,
      { name: '2027-2028', starts_on: '2027-08-23', ends_on: '2028-07-07' },
      h.otherSchoolId,
    );
    const cycle = await cycleNamed('2027-2028', h.otherSchoolId);
    const res = await check(cycle.id, owner, h.otherSchoolId);
    expect(res.body.reasons).toEqual(['La escuela no tiene niveles con grupos.']);
    expect((await activate(cycle.id, owner, h.otherSchoolId)).status).toBe(409);
  });

  test('activating the next cycle closes the active one in the same step and is published', async () => {
    const next = await cycleNamed('2027-2028');
    expect((await check(next.id)).body).toEqual({ can_activate: true, reasons: [] });
    const res = await activate(next.id, h.staff('GENERAL_DIRECTOR'));
    expect(res.status).toBe(200);
    expect(res.body.cycle).toMatchObject({ name: '2027-2028', status: 'active' });
    expect(res.body.closed_cycle).toMatchObject({ name: '2026-2027', status: 'closed' });
    expect(
      await h.count('school_cycles', `school_id = '${h.demo.school_id}' AND status = 'active'`),
    ).toBe(1);
    await waitFor(
      async () => (await h.lastEvent('enrolment.cycle.activated'))?.data.cycle_id === next.id,
    );
    const again = await check(next.id);
    expect(again.body.reasons).toEqual(['El ciclo ya está activo.']);
    const closed = await check(res.body.closed_cycle.id);
    expect(closed.body.reasons).toContain(
      'El ciclo ya se cerró; un ciclo cerrado no vuelve a activarse.',
    );
  });

  test('a role without cycles.write is 403; another school or its cycle is 404', async () => {
    const mine = await cycleNamed('2027-2028');
    const theirs = await cycleNamed('2027-2028', h.otherSchoolId);
    expect((await activate(mine.id, h.staff('TREASURER'))).status).toBe(403);
    expect((await activate(mine.id, h.staff('OWNER', h.otherSchoolId))).status).toBe(404);
    expect((await activate(theirs.id)).status).toBe(404);
    expect((await check(theirs.id)).status).toBe(404);
    expect((await check('no-es-un-id')).status).toBe(404);
    expect((await cycleNamed('2027-2028', h.otherSchoolId)).status).toBe('draft');
  });
});

describe('academic-coordinator school_cycles and the portal read', () => {
  const list = '/academic-coordinator/school_cycles/';

  test('list and detail for staff of the school; no school is 400; others 404', async () => {
    const res = await h.call(h.staff('OTHER'), `${list}?school_id=${h.demo.school_id}`);
    expect(res.status).toBe(200);
    expect(res.body.map((c: Json) => c.name)).toEqual(['2027-2028', '2026-2027', '2020-2021']);
    const detail = await h.call(h.staff('OTHER'), `${list}${res.body[0].id}/`);
    expect(detail.body).toMatchObject({ name: '2027-2028', school_id: h.demo.school_id });
    const missing = await h.call(h.staff('OTHER'), list);
    expect(missing.status).toBe(400);
    expect(missing.body.error.details[0].message).toBe('Elige una escuela válida.');
    // A school id of the wrong shape is bad input: a Spanish 400 on the parameter.
    const malformed = await h.call(h.staff('OTHER'), `${list}?school_id=cualquiera`);
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.details[0].path).toBe('school_id');
    const stranger = h.staff('OWNER', h.otherSchoolId);
    expect((await h.call(stranger, `${list}?school_id=${h.demo.school_id}`)).status).toBe(404);
    expect((await h.call(stranger, `${list}${res.body[0].id}/`)).status).toBe(404);
    expect((await h.call(h.guardian(), `${list}${res.body[0].id}/`)).status).toBe(403);
  });

  test('GET /api/v2/schools/school_cycle/{id}/: the families of the school only', async () => {
    const mine = await cycleNamed('2027-2028');
    const theirs = await cycleNamed('2027-2028', h.otherSchoolId);
    const res = await h.call(h.guardian(), `/api/v2/schools/school_cycle/${mine.id}/`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: '2027-2028', status: 'active' });
    expect((await h.call(h.guardian(), `/api/v2/schools/school_cycle/${theirs.id}/`)).status).toBe(
      404,
    );
    // Another school's cycle answers exactly like one that does not exist, to anyone.
    for (const who of [h.guardian(), h.staff('OTHER')]) {
      const foreign = await h.call(who, `/api/v2/schools/school_cycle/${theirs.id}/`);
      expect(foreign.status).toBe(404);
      expect(foreign.body.error.message).toBe('No encontramos este ciclo escolar.');
    }
  });
});

describe('has_assigned_concepts (billing answers over NATS)', () => {
  const path = (id: string) => `/academic-coordinator/school_cycles/${id}/has_assigned_concepts/`;

  test('without billing listening the answer is a Spanish 503, not a 500', async () => {
    const cycle = await cycleNamed('2027-2028');
    const res = await h.call(h.staff('OWNER'), path(cycle.id));
    expect(res.status).toBe(503);
    expect(res.body.error.message).toMatch(/^No pudimos consultar cobranza/);
  });

  test('a billing stand-in answers: the reply is passed on', async () => {
    const asked: Json[] = [];
    const billing = serveReplies(h.ns.nc, h.ns, cycleHasAssignedConceptsRequest, async (q) => {
      asked.push(q);
      return { has_assigned_concepts: true, assigned_concepts: 3 };
    });
    await h.ns.nc.flush();
    try {
      const cycle = await cycleNamed('2027-2028');
      const res = await h.call(h.staff('CASH_COLLECTION'), path(cycle.id));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        cycle_id: cycle.id,
        has_assigned_concepts: true,
        assigned_concepts: 3,
      });
      expect(asked).toEqual([{ school_id: h.demo.school_id, cycle_id: cycle.id }]);
      const theirs = await cycleNamed('2027-2028', h.otherSchoolId);
      expect((await h.call(h.staff('OWNER'), path(theirs.id))).status).toBe(404);
      expect((await h.call(h.guardian(), path(cycle.id))).status).toBe(403);
      expect((await h.call(h.staff('OWNER'), path('x'))).status).toBe(404);
      expect(asked).toHaveLength(1);
    } finally {
      billing.unsubscribe();
    }
  });
});

describe("the service's clock decides when a cycle has ended", () => {
  afterEach(() => {
    now = DAY_IN_2026_2027;
  });

  test('in Mexico City: late on its last day it has not ended; past midnight there it has', async () => {
    await create(h.staff('OWNER'), {
      name: '2031-2032',
      starts_on: '2031-08-25',
      ends_on: '2032-07-09',
    });
    const cycle = await cycleNamed('2031-2032');
    const path = `${demoCycles()}${cycle.id}/validate_activate/`;
    const ended = 'El ciclo ya terminó (terminó el 2032-07-09).';
    // 05:00 UTC on the 10th is still 23:00 on the 9th in Mexico City (UTC-6).
    now = new Date('2032-07-10T05:00:00Z');
    expect((await h.call(h.staff('OWNER'), path)).body.reasons).not.toContain(ended);
    now = new Date('2032-07-10T06:30:00Z');
    expect((await h.call(h.staff('OWNER'), path)).body.reasons).toContain(ended);
    const refused = await h.call(h.staff('OWNER'), `${demoCycles()}${cycle.id}/activate/`, {
      method: 'POST',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.details.map((d: Json) => d.message)).toContain(ended);
    expect((await cycleNamed('2031-2032')).status).toBe('draft');
  });
});
