import {
  startEnrolmentHarness,
  type EnrolmentHarness,
  type Json,
} from '../test-support/enrolment-harness';
import { waitFor } from '@cuota/testing/wait-for';

let h: EnrolmentHarness;
beforeAll(async () => {
  h = await startEnrolmentHarness('enrolment_students');
}, 60_000);
afterAll(() => h?.stop());

const byLevel = (query = '') =>
  `/api/v2/dashboard/schools/${h.demo.school_id}/students_by_level/${query}`;
const studentPath = (id: string) => `/api/v1/students/${id}/`;

/** A dependent of the demo guardian (so the guardian may act on it too). */
async function myDependent(): Promise<Json> {
  const me = await h.call(h.guardian(), '/api/v1/guardians/me/');
  return me.body.dependents[0];
}
async function studentWithStatus(status: string): Promise<string> {
  const page = await h.call(h.staff('OWNER'), byLevel(`?status=${status}&page_size=1`));
  return page.body.results[0].id;
}
/** A student of the school who is not the demo guardian's child. */
async function stranger(): Promise<string> {
  const me = await h.call(h.guardian(), '/api/v1/guardians/me/');
  const mine = new Set(me.body.dependents.map((d: Json) => d.id));
  const page = await h.call(h.staff('OWNER'), byLevel('?status=active&page_size=50'));
  return page.body.results.find((s: Json) => !mine.has(s.id)).id;
}
const statusChanges = (id: string) => h.count('student_status_changes', `student_id = '${id}'`);

describe('GET/PUT/PATCH /api/v1/students/{id}/', () => {
  test('staff read the whole record with guardians, the billing guardian marked', async () => {
    const dependent = await myDependent();
    const res = await h.call(h.staff('OTHER'), studentPath(dependent.id));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: dependent.id, nationality: 'MX', photo_url: null });
    const billing = res.body.guardians.find((g: Json) => g.is_billing_guardian);
    expect(billing.id).toBe(h.demo.guardian_id);
  });

  test('staff edit placement and data; an event carries the new snapshot', async () => {
    const id = await studentWithStatus('active');
    const res = await h.call(h.staff('ADMISSIONS'), studentPath(id), {
      method: 'PATCH',
      json: {
        first_name: 'Renata',
        curp: 'gomr100101mnlrna09',
        nationality: 'ar',
        enrolment_code: 'PRI-0042',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      first_name: 'Renata',
      curp: 'GOMR100101MNLRNA09',
      nationality: 'AR',
      status: 'active',
    });
    await waitFor(async () => {
      const event = await h.lastEvent('enrolment.student.updated');
      return event?.data.student_id === id && event.data.first_name === 'Renata';
    });
    // The matrícula travels with the name: billing's reports show it (issue 17).
    expect((await h.lastEvent('enrolment.student.updated'))?.data).toMatchObject({
      curp: 'GOMR100101MNLRNA09',
      enrolment_code: 'PRI-0042',
    });
  });

  test('PUT needs every field; status and school cannot be sent; nothing is written', async () => {
    const id = await studentWithStatus('active');
    const before = (await h.call(h.staff('OWNER'), studentPath(id))).body;
    const put = (json: unknown) =>
      h.call(h.staff('OWNER'), studentPath(id), { method: 'PUT', json });
    const partial = await put({ first_name: 'Sólo nombre' });
    expect(partial.status).toBe(400);
    expect(partial.body.error.message).toMatch(/Revisa/);
    const status = await h.call(h.staff('OWNER'), studentPath(id), {
      method: 'PATCH',
      json: { status: 'graduated', school_id: h.demo.school_id },
    });
    expect(status.status).toBe(400);
    // A school_id names the school the call is about: one the caller is not staff of is a 404.
    const move = await h.call(h.staff('OWNER'), studentPath(id), {
      method: 'PATCH',
      json: { school_id: h.otherSchoolId },
    });
    expect(move.status).toBe(404);
    const country = await h.call(h.staff('OWNER'), studentPath(id), {
      method: 'PATCH',
      json: { nationality: 'XX' },
    });
    expect(country.body.error.details[0].message).toMatch(/país/);
    expect((await h.call(h.staff('OWNER'), studentPath(id))).body).toEqual(before);
  });

  test('a duplicate CURP in the school is a 409', async () => {
    const [a, b] = (await h.call(h.staff('OWNER'), byLevel('?page_size=2'))).body.results;
    const patch = (id: string) =>
      h.call(h.staff('OWNER'), studentPath(id), {
        method: 'PATCH',
        json: { curp: 'LOPA120304HDFPRN01' },
      });
    expect((await patch(a.id)).status).toBe(200);
    const dup = await patch(b.id);
    expect(dup.status).toBe(409);
    expect(dup.body.error.message).toBe('Ya hay un alumno con esta CURP en la escuela.');
  });

  test('a guardian corrects personal data of their own child only, not placement', async () => {
    const dependent = await myDependent();
    const ok = await h.call(h.guardian(), studentPath(dependent.id), {
      method: 'PATCH',
      json: { birth_date: '2015-02-03' },
    });
    expect(ok.status).toBe(200);
    const placement = await h.call(h.guardian(), studentPath(dependent.id), {
      method: 'PATCH',
      json: { level: 'high' },
    });
    expect(placement.status).toBe(400);
    const other = await h.call(h.guardian(), studentPath(await stranger()), {
      method: 'PATCH',
      json: { birth_date: '2015-02-03' },
    });
    expect(other.status).toBe(404);
  });

  test('a role without students.write, or another school, cannot edit', async () => {
    const id = await studentWithStatus('active');
    const edit = (as: Json) =>
      h.call(as, studentPath(id), { method: 'PATCH', json: { first_name: 'Nadie' } });
    expect((await edit(h.staff('CASH_COLLECTION'))).status).toBe(403);
    expect((await edit(h.staff('OWNER', h.otherSchoolId))).status).toBe(404);
    expect((await h.call(h.staff('OWNER', h.otherSchoolId), studentPath(id))).status).toBe(404);
  });
});

describe('status transitions (ADR 0008)', () => {
  test('inactivate records who and why, publishes, and reactivate brings the student back', async () => {
    const id = await studentWithStatus('active');
    const before = await statusChanges(id);
    const off = await h.call(
      h.staff('ADMINISTRATIVE_DIRECTOR'),
      `/api/v1/dashboard/students/${id}/inactivate/`,
      { method: 'DELETE', json: { reason: 'Cambio de ciudad por un semestre' } },
    );
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({
      status: 'inactive',
      status_reason: 'Cambio de ciudad por un semestre',
    });
    expect(await statusChanges(id)).toBe(before + 1);
    await waitFor(async () => {
      const event = await h.lastEvent('enrolment.student.status_changed');
      return event?.data.student_id === id && event.data.from_status === 'active';
    });
    const back = await h.call(h.staff('OWNER'), `/api/v1/dashboard/students/${id}/reactivate/`, {
      method: 'PATCH',
    });
    expect(back.body).toMatchObject({ status: 'active', status_reason: null });
    expect(await statusChanges(id)).toBe(before + 2);
  });

  test('a move outside the table is a 409 naming both statuses; nothing is recorded', async () => {
    const id = await studentWithStatus('active');
    const graduate = await h.call(h.staff('OWNER'), `/api/v1/dashboard/students/${id}/status/`, {
      method: 'POST',
      json: { status: 'graduated' },
    });
    expect(graduate.body.status).toBe('graduated');
    const before = await statusChanges(id);
    const refused = await h.call(h.staff('OWNER'), `/api/v1/dashboard/students/${id}/inactivate/`, {
      method: 'DELETE',
      json: { reason: 'Prueba' },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe('Un alumno egresado no puede pasar a inactivo.');
    expect(await statusChanges(id)).toBe(before);
  });

  test('leaving needs a reason; a role without students.status or another school cannot', async () => {
    const id = await studentWithStatus('active');
    const path = `/api/v1/dashboard/students/${id}/inactivate/`;
    const before = await statusChanges(id);
    const noReason = await h.call(h.staff('OWNER'), path, { method: 'DELETE' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.details[0].path).toBe('reason');
    const drop = await h.call(h.staff('OWNER'), `/api/v1/dashboard/students/${id}/status/`, {
      method: 'POST',
      json: { status: 'dropped_out' },
    });
    expect(drop.body.error.details[0].message).toBe('Escribe el motivo.');
    const json = { reason: 'x' };
    expect((await h.call(h.staff('ADMISSIONS'), path, { method: 'DELETE', json })).status).toBe(
      403,
    );
    expect(
      (await h.call(h.staff('OWNER', h.otherSchoolId), path, { method: 'DELETE', json })).status,
    ).toBe(404);
    expect((await h.call(h.guardian(), path, { method: 'DELETE', json })).status).toBe(403);
    expect(await statusChanges(id)).toBe(before);
  });
});

describe('PUT /api/v2/students/{id}/upload_photo/', () => {
  const PNG = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.alloc(64, 1),
  ]);
  const photo = (bytes: Buffer, type = 'image/png') => {
    const form = new FormData();
    form.append('photo', new Blob([bytes], { type }), 'foto.png');
    return form;
  };
  const upload = (as: Json, id: string, bytes: Buffer, type?: string) =>
    h.call(as, `/api/v2/students/${id}/upload_photo/`, { method: 'PUT', form: photo(bytes, type) });

  test('a guardian uploads their child photo; it is served back, the old one replaced', async () => {
    const { id } = await myDependent();
    const first = await upload(h.guardian(), id, PNG);
    expect(first.status).toBe(200);
    expect(first.body.photo_url).toBe(`/api/v2/students/${id}/photo/`);
    const images = await h.count('uploaded_images');
    const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]);
    expect((await upload(h.staff('OWNER'), id, webp, 'image/webp')).status).toBe(200);
    expect(await h.count('uploaded_images')).toBe(images);
    const served = await h.call(h.staff('OTHER'), `/api/v2/students/${id}/photo/`);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.bytes.equals(webp)).toBe(true);
  });

  test('a PDF named .png is a Spanish 415, a big file a 413: nothing stored', async () => {
    const { id } = await myDependent();
    const images = await h.count('uploaded_images');
    const pdf = await upload(h.staff('OWNER'), id, Buffer.from('%PDF-1.7\n...'));
    expect(pdf.status).toBe(415);
    expect(pdf.body.error.message).toBe('La imagen debe ser JPG, PNG o WebP.');
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const tooBig = await upload(h.staff('OWNER'), id, big);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error.message).toBe('La imagen pesa más de 2 MB.');
    expect(await h.count('uploaded_images')).toBe(images);
  });

  test('other families, read-only roles and other schools cannot upload or see it', async () => {
    const someone = await stranger();
    expect((await upload(h.guardian(), someone, PNG)).status).toBe(404);
    expect((await upload(h.staff('OTHER'), someone, PNG)).status).toBe(403);
    expect((await upload(h.staff('OWNER', h.otherSchoolId), someone, PNG)).status).toBe(404);
    const { id } = await myDependent();
    const foreign = await h.call(
      h.staff('OWNER', h.otherSchoolId),
      `/api/v2/students/${id}/photo/`,
    );
    expect(foreign.status).toBe(404);
  });
});
