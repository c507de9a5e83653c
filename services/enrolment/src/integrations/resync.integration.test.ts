import { syncAcceptedSchema } from '@cuota/contracts/enrolment/integrations';
import { waitFor } from '@cuota/testing/wait-for';
import {
  startBillingUnderTest,
  STUDENT_DIRECTORY_CONSUMER,
  type BillingUnderTest,
} from '@cuota/billing/test-support';
import {
  FISCAL_GUARDIAN_CONSUMER,
  startInvoicingUnderTest,
  type InvoicingUnderTest,
} from '@cuota/invoicing/test-support';
import {
  startEnrolmentHarness,
  type EnrolmentHarness,
  type Json,
} from '../test-support/enrolment-harness';
import { resyncSchool } from './resync-school';

jest.setTimeout(60_000);

/**
 * Enrolment (with the demo school), billing and invoicing on one NATS namespace: what
 * enrolment re-publishes reaches billing's student_directory and invoicing's fiscal_guardians
 * through the outbox, JetStream and their durable consumers, as in production.
 */
let h: EnrolmentHarness;
let billing: BillingUnderTest;
let invoicing: InvoicingUnderTest;
let studentIds: string[];
let guardianIds: string[];

beforeAll(async () => {
  h = await startEnrolmentHarness('enrolment_resync');
  [billing, invoicing] = await Promise.all([
    startBillingUnderTest({ natsPrefix: h.ns.prefix }),
    startInvoicingUnderTest({ natsPrefix: h.ns.prefix }),
  ]);
  const idsOf = async (text: string) =>
    (await h.query<{ id: string }>(text, [h.demo.school_id])).map((r) => r.id);
  studentIds = await idsOf('SELECT id FROM students WHERE school_id = $1');
  guardianIds = await idsOf('SELECT guardian_id AS id FROM guardian_schools WHERE school_id = $1');
  // What the seed published (student.created) has reached billing before anything is damaged.
  await waitFor(async () => (await directoryRows()).length === studentIds.length, 20_000);
}, 90_000);

afterAll(async () => {
  await Promise.all([billing?.stop(), invoicing?.stop()]);
  await h?.stop();
});

const directoryRows = () =>
  billing.query<{ student_id: string; last_name: string; status: string }>(
    'SELECT student_id, last_name, status FROM student_directory WHERE school_id = $1',
    [h.demo.school_id],
  );
const directoryRow = async (id: string) =>
  (await billing.query<Json>('SELECT * FROM student_directory WHERE student_id = $1', [id]))[0] ??
  null;
const fiscalRow = async (id: string) =>
  (await invoicing.query<Json>('SELECT * FROM fiscal_guardians WHERE guardian_id = $1', [id]))[0] ??
  null;

/** Enrolment's outbox events of a type, newer than `after` (a seq). */
const outboxSince = async (type: string, after: number) =>
  h.query<{ seq: number; id: string; student_id: string; guardian_id: string }>(
    `SELECT seq, id, payload->'data'->>'student_id' AS student_id,
            payload->'data'->>'guardian_id' AS guardian_id
       FROM outbox_events WHERE type = $1 AND seq > $2 ORDER BY seq`,
    [type, after],
  );
const lastSeq = async () =>
  Number(
    (await h.query<{ n: string }>('SELECT coalesce(max(seq), 0) AS n FROM outbox_events'))[0]!.n,
  );

/** How many times a consumer applied each of these event ids (inbox rows). */
const applied = async (
  svc: BillingUnderTest | InvoicingUnderTest,
  consumer: string,
  ids: string[],
) =>
  Number(
    (
      await svc.query<{ n: string }>(
        'SELECT count(*) AS n FROM inbox_events WHERE consumer = $1 AND event_id = ANY($2::uuid[])',
        [consumer, ids],
      )
    )[0]!.n,
  );

describe('POST /backoffice/integration/single_sync/', () => {
  const path = '/backoffice/integration/single_sync/';

  test("repairs one student's damaged row in billing, applied exactly once", async () => {
    const [damaged] = studentIds;
    const real = await directoryRow(damaged!);
    await billing.query(
      "UPDATE student_directory SET last_name = 'CORRUPTO', status = 'graduated' WHERE student_id = $1",
      [damaged],
    );
    const seq = await lastSeq();

    const res = await h.call(h.staff('OWNER'), path, {
      method: 'POST',
      json: { student_id: damaged },
    });
    expect(res.status).toBe(202);
    expect(syncAcceptedSchema.parse(res.body)).toEqual({
      school_id: h.demo.school_id,
      students: 1,
      guardians: 0,
    });

    await waitFor(async () => (await directoryRow(damaged!)).last_name === real.last_name);
    expect(await directoryRow(damaged!)).toMatchObject({
      last_name: real.last_name,
      status: real.status,
    });
    const events = await outboxSince('enrolment.student.updated', seq);
    expect(events.map((e) => e.student_id)).toEqual([damaged]);
    // The one event is in billing's inbox (its key lets an event be applied at most once).
    await waitFor(
      async () =>
        (await applied(
          billing,
          STUDENT_DIRECTORY_CONSUMER,
          events.map((e) => e.id),
        )) === 1,
    );
  });

  test("repairs one guardian's deleted fiscal row in invoicing", async () => {
    const [guardian] = guardianIds;
    await waitFor(async () => (await fiscalRow(guardian!)) !== null, 20_000);
    const real = await fiscalRow(guardian!);
    await invoicing.query('DELETE FROM fiscal_guardians WHERE guardian_id = $1', [guardian]);

    const res = await h.call(h.staff('ADMISSIONS'), path, {
      method: 'POST',
      json: { guardian_id: guardian },
    });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ school_id: null, students: 0, guardians: 1 });
    await waitFor(async () => (await fiscalRow(guardian!)) !== null);
    const repaired = await fiscalRow(guardian!);
    expect({ ...repaired, updated_at: null }).toEqual({ ...real, updated_at: null });
  });

  test('a body without exactly one id is a 400 in Spanish and publishes nothing', async () => {
    const before = await h.count('outbox_events');
    for (const json of [{}, { student_id: studentIds[0], guardian_id: guardianIds[0] }]) {
      const res = await h.call(h.staff('OWNER'), path, { method: 'POST', json });
      expect(res.status).toBe(400);
      expect(res.body.error.details[0].message).toBe('Indica student_id o guardian_id (solo uno).');
    }
    const bad = await h.call(h.staff('OWNER'), path, {
      method: 'POST',
      json: { student_id: 'abc' },
    });
    expect(bad.body.error.details).toEqual([
      { path: 'student_id', message: 'el alumno (student_id) no es un identificador válido.' },
    ]);
    expect(await h.count('outbox_events')).toBe(before);
  });

  test("a role without imports.write is refused; another school's staff get a 404", async () => {
    const before = await h.count('outbox_events');
    const cashier = await h.call(h.staff('CASH_COLLECTION'), path, {
      method: 'POST',
      json: { student_id: studentIds[0] },
    });
    expect(cashier.status).toBe(403);
    expect(cashier.body.error.message).toBe(
      'Tu rol no tiene permiso para realizar esta acción en esta escuela.',
    );
    const outsider = h.staff('OWNER', h.otherSchoolId);
    const student = await h.call(outsider, path, {
      method: 'POST',
      json: { student_id: studentIds[0] },
    });
    expect(student.status).toBe(404);
    // Exactly the unknown id's 404: whether the student exists elsewhere never shows.
    expect(student.body.error.message).toBe('No encontramos a este alumno.');
    const guardian = await h.call(outsider, path, {
      method: 'POST',
      json: { guardian_id: guardianIds[0] },
    });
    expect(guardian.status).toBe(404);
    expect(guardian.body.error.message).toBe('No encontramos a este tutor.');
    const unknown = await h.call(h.staff('OWNER'), path, {
      method: 'POST',
      json: { student_id: '00000000-0000-4000-8000-000000000999' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe('No encontramos a este alumno.');
    expect(
      (await h.call(h.guardian(), path, { method: 'POST', json: { student_id: studentIds[0] } }))
        .status,
    ).toBe(403);
    expect(await h.count('outbox_events')).toBe(before);
  });
});

describe('POST /backoffice/integration/massive_sync/', () => {
  const path = '/backoffice/integration/massive_sync/';

  test('re-publishes every student and guardian of the school; billing and invoicing are repaired, each event applied once', async () => {
    const [deleted, corrupted] = studentIds.slice(-2);
    await billing.query('DELETE FROM student_directory WHERE student_id = $1', [deleted]);
    await billing.query('UPDATE student_directory SET school_id = $2 WHERE student_id = $1', [
      corrupted,
      h.otherSchoolId,
    ]);
    const [guardian] = guardianIds.slice(-1);
    await invoicing.query(
      "UPDATE fiscal_guardians SET tax_id = 'XAXX010101000', school_ids = '{}' WHERE guardian_id = $1",
      [guardian],
    );
    const seq = await lastSeq();

    const res = await h.call(h.staff('GENERAL_DIRECTOR'), path, {
      method: 'POST',
      json: { school_id: h.demo.school_id },
    });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({
      school_id: h.demo.school_id,
      students: studentIds.length,
      guardians: guardianIds.length,
    });

    // The batches run after the answer: wait until every snapshot is in the outbox.
    await waitFor(
      async () =>
        (await outboxSince('enrolment.guardian.updated', seq)).length === guardianIds.length,
    );
    const studentEvents = await outboxSince('enrolment.student.updated', seq);
    const guardianEvents = await outboxSince('enrolment.guardian.updated', seq);
    expect(studentEvents.map((e) => e.student_id).sort()).toEqual([...studentIds].sort());
    expect(guardianEvents.map((e) => e.guardian_id).sort()).toEqual([...guardianIds].sort());

    await waitFor(
      async () =>
        (await applied(
          billing,
          STUDENT_DIRECTORY_CONSUMER,
          studentEvents.map((e) => e.id),
        )) === studentIds.length,
      20_000,
    );
    await waitFor(
      async () =>
        (await applied(
          invoicing,
          FISCAL_GUARDIAN_CONSUMER,
          guardianEvents.map((e) => e.id),
        )) === guardianIds.length,
      20_000,
    );
    // Applied at most once each (the inbox's key): the read models hold one row per student.
    const rows = await directoryRows();
    expect(rows.map((r) => r.student_id).sort()).toEqual([...studentIds].sort());
    expect(await directoryRow(deleted!)).not.toBeNull();
    expect((await directoryRow(corrupted!)).school_id).toBe(h.demo.school_id);
    const fiscal = await fiscalRow(guardian!);
    expect(fiscal.school_ids).toContain(h.demo.school_id);
    expect(fiscal.tax_id).not.toBe('XAXX010101000');
  });

  test('walks the school in batches, one transaction each (never one for the whole school)', async () => {
    const seq = await lastSeq();
    const counts = await resyncSchool(h.service.db, h.demo.school_id, {
      batchSize: 7,
    });
    expect(counts).toEqual({ students: studentIds.length, guardians: guardianIds.length });
    // created_at is the transaction's start: one value per batch.
    const [written] = await h.query<{ batches: string; events: string }>(
      `SELECT count(DISTINCT created_at) AS batches, count(*) AS events FROM outbox_events
        WHERE seq > $1 AND type = 'enrolment.student.updated'`,
      [seq],
    );
    expect(Number(written!.events)).toBe(studentIds.length);
    expect(Number(written!.batches)).toBe(Math.ceil(studentIds.length / 7));
  });

  test('validation, a forbidden role and another school write nothing', async () => {
    const before = await h.count('outbox_events');
    const empty = await h.call(h.staff('OWNER'), path, { method: 'POST', json: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.error.details).toEqual([
      { path: 'school_id', message: 'Indica la escuela (school_id).' },
    ]);
    const cashier = await h.call(h.staff('CASH_COLLECTION'), path, {
      method: 'POST',
      json: { school_id: h.demo.school_id },
    });
    expect(cashier.status).toBe(403);
    const outsider = await h.call(h.staff('OWNER', h.otherSchoolId), path, {
      method: 'POST',
      json: { school_id: h.demo.school_id },
    });
    expect(outsider.status).toBe(404);
    expect(await h.count('outbox_events')).toBe(before);
  });
});
