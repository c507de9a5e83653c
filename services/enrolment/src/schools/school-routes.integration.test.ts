import { randomUUID } from 'node:crypto';
import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import { waitFor } from '@cuota/testing/wait-for';
import { schoolAttributes } from '../schema';
import { startEnrolmentHarness, type EnrolmentHarness } from '../test-support/enrolment-harness';

let h: EnrolmentHarness;
beforeAll(async () => {
  h = await startEnrolmentHarness('enrolment_schools');
}, 60_000);
afterAll(() => h?.stop());

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 7),
]);
const PDF = Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n');

function schoolForm(fields: Record<string, string>, logo?: { bytes: Buffer; type: string }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (logo) form.append('logo', new Blob([logo.bytes], { type: logo.type }), 'logo.png');
  return form;
}

const schoolPath = () => `/api/v1/schools/${h.demo.school_id}/`;
const dashboardPath = () => `/api/v1/dashboard/schools/${h.demo.school_id}/`;
const schoolRow = async () =>
  (await h.call(h.staff('OWNER'), schoolPath())).body as Record<string, unknown>;

describe('GET /api/v1/schools/{id}/', () => {
  test('staff and families read config, gateway reference, fiscal and contact data', async () => {
    const res = await h.call(h.staff('OTHER'), schoolPath());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      kind: 'k12',
      status: 'operando',
      config_dashboard: { use_kushki_sandbox: true },
      gateway_credentials: { reference: null },
      tax_regime: '603',
      tax_zip_code: '64000',
      contact_email: 'contacto@demo.cuota.mx',
      logo_url: null,
    });
    expect((await h.call(h.guardian(), schoolPath())).status).toBe(200);
  });

  test('another school, its families or no token learn nothing', async () => {
    expect((await h.call(h.staff('OWNER', h.otherSchoolId), schoolPath())).status).toBe(404);
    const neighbour = await h.call(h.guardian(), `/api/v1/schools/${h.otherSchoolId}/`);
    expect(neighbour.status).toBe(404);
    expect(neighbour.body.error.message).toBe('No encontramos esta escuela.');
    expect((await h.call(null, schoolPath())).status).toBe(401);
  });
});

describe('PATCH /api/v1/dashboard/schools/{id}/ (multipart)', () => {
  test('an owner updates data, fiscal data, the sandbox switch and the logo', async () => {
    const res = await h.call(h.staff('OWNER'), dashboardPath(), {
      method: 'PATCH',
      form: schoolForm(
        {
          name: 'Colegio Cuota Demo',
          legal_name: 'Colegio Cuota Demo, A.C.',
          tax_id: 'ccd-150814-aba',
          tax_regime: '603',
          tax_zip_code: '64010',
          contact_phone: '+52 81 5555 0199',
          address: 'Av. Constitución 100, Monterrey',
          use_kushki_sandbox: 'false',
        },
        { bytes: PNG, type: 'image/png' },
      ),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      legal_name: 'Colegio Cuota Demo, A.C.',
      tax_id: 'CCD150814ABA',
      tax_zip_code: '64010',
      address: 'Av. Constitución 100, Monterrey',
      config_dashboard: { use_kushki_sandbox: false },
    });
    expect(res.body.logo_url).toMatch(/^\/api\/v1\/schools\/.+\/logo\/\?v=/);

    const logo = await h.call(h.guardian(), res.body.logo_url);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toBe('image/png');
    expect(logo.bytes.equals(PNG)).toBe(true);
    await waitFor(
      async () =>
        (await h.lastEvent('enrolment.school.updated'))?.data.use_kushki_sandbox === false,
    );
  });

  test('a new logo replaces the old image; JSON without a logo works too', async () => {
    const before = await h.count('uploaded_images');
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(32)]);
    const res = await h.call(h.staff('GENERAL_DIRECTOR'), dashboardPath(), {
      method: 'PATCH',
      form: schoolForm({}, { bytes: jpeg, type: 'image/jpeg' }),
    });
    expect(res.status).toBe(200);
    expect(await h.count('uploaded_images')).toBe(before);
    const json = await h.call(h.staff('OWNER'), dashboardPath(), {
      method: 'PATCH',
      json: { contact_email: 'escuela@demo.cuota.mx', address: '' },
    });
    expect(json.body).toMatchObject({ contact_email: 'escuela@demo.cuota.mx', address: null });
  });

  test('wrong fiscal data is a Spanish 400 and nothing changes', async () => {
    const before = await schoolRow();
    const res = await h.call(h.staff('OWNER'), dashboardPath(), {
      method: 'PATCH',
      form: schoolForm(
        { name: 'Otro nombre', tax_id: 'NO-ES-RFC', tax_regime: '600', tax_zip_code: '6401' },
        { bytes: PNG, type: 'image/png' },
      ),
    });
    expect(res.status).toBe(400);
    const messages = res.body.error.details.map((d: { message: string }) => d.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'El RFC no tiene un formato válido.',
        'El régimen fiscal debe ser un código entre 601 y 630.',
        'El código postal debe tener 5 dígitos.',
      ]),
    );
    expect(await schoolRow()).toEqual(before);
  });

  test('a logo that is not an image by its bytes is 415, one too big 413', async () => {
    const images = await h.count('uploaded_images');
    const disguised = await h.call(h.staff('OWNER'), dashboardPath(), {
      method: 'PATCH',
      form: schoolForm({}, { bytes: PDF, type: 'image/png' }),
    });
    expect(disguised.status).toBe(415);
    expect(disguised.body.error.message).toBe('El logo debe ser una imagen PNG, JPEG o WebP.');
    const declaredPdf = await h.call(h.staff('OWNER'), dashboardPath(), {
      method: 'PATCH',
      form: schoolForm({}, { bytes: PNG, type: 'application/pdf' }),
    });
    expect(declaredPdf.status).toBe(415);
    const huge = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const tooBig = await h.call(h.staff('OWNER'), dashboardPath(), {
      method: 'PATCH',
      form: schoolForm({}, { bytes: huge, type: 'image/png' }),
    });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error.message).toMatch(/pesa más de 2 MB/);
    const wrongField = new FormData();
    wrongField.append('photo', new Blob([PNG], { type: 'image/png' }), 'x.png');
    const misplaced = await h.call(h.staff('OWNER'), dashboardPath(), {
      method: 'PATCH',
      form: wrongField,
    });
    expect(misplaced.status).toBe(400);
    expect(await h.count('uploaded_images')).toBe(images);
  });

  test('a role without school.write is 403; another school is 404', async () => {
    const before = await schoolRow();
    const form = () => schoolForm({ name: 'Intruso' });
    const accountant = await h.call(h.staff('ACCOUNTANT'), dashboardPath(), {
      method: 'PATCH',
      form: form(),
    });
    expect(accountant.status).toBe(403);
    expect(accountant.body.error.message).toMatch(/Tu rol no tiene permiso/);
    const stranger = h.staff('OWNER', h.otherSchoolId);
    expect(
      (await h.call(stranger, dashboardPath(), { method: 'PATCH', form: form() })).status,
    ).toBe(404);
    expect(
      (await h.call(h.guardian(), dashboardPath(), { method: 'PATCH', form: form() })).status,
    ).toBe(403);
    expect(await schoolRow()).toEqual(before);
  });
});

/** What the BFF signs for someone who is not signed in (a store visitor). */
const visitor: IdentityClaims = { kind: 'anonymous' };

describe('GET /api/v1/schools/{id}/logo/', () => {
  test('a school without a logo is a Spanish 404; a school not yet operating shows no one its logo', async () => {
    const none = await h.call(
      h.staff('OWNER', h.otherSchoolId),
      `/api/v1/schools/${h.otherSchoolId}/logo/`,
    );
    expect(none.status).toBe(404);
    expect(none.body.error.message).toBe('Esta escuela aún no tiene logo.');
    const stranger = h.staff('OWNER');
    expect((await h.call(stranger, `/api/v1/schools/${h.otherSchoolId}/logo/`)).status).toBe(404);
  });

  test("an operating school's logo: anyone sees it, signed in or not, staff of other schools too", async () => {
    const uploaded = await h.call(h.staff('OWNER'), dashboardPath(), {
      method: 'PATCH',
      form: schoolForm({}, { bytes: PNG, type: 'image/png' }),
    });
    const logoUrl = uploaded.body.logo_url as string;
    const family: IdentityClaims = { kind: 'guardian', guardian_id: randomUUID(), school_ids: [] };
    const seen = await h.call(family, logoUrl);
    expect(seen.status).toBe(200);
    expect(seen.headers.get('x-content-type-options')).toBe('nosniff');
    expect(seen.headers.get('cache-control')).toBe('private, max-age=86400');
    expect(seen.bytes.equals(PNG)).toBe(true);
    expect((await h.call(h.staff('OTHER'), logoUrl)).status).toBe(200);
    // Its store is public: a visitor, or staff of another school visiting it, sees the logo.
    expect((await h.call(visitor, logoUrl)).status).toBe(200);
    expect((await h.call(null, logoUrl)).status).toBe(401);
    expect((await h.call(h.staff('OWNER', h.otherSchoolId), logoUrl)).status).toBe(200);
  });
});

describe('GET /api/v1/schools/{id}/public/', () => {
  const publicPath = (id: string) => `/api/v1/schools/${id}/public/`;

  test('a visitor reads the name, contact and privacy notice the school set', async () => {
    const notice = `Aviso de privacidad del Colegio. ${'Tratamos tus datos con cuidado. '.repeat(8)}`;
    const saved = await h.call(h.staff('OWNER'), dashboardPath(), {
      method: 'PATCH',
      json: {
        address: 'Av. Reforma 100, CDMX',
        contact_email: 'privacidad@colegio.mx',
        privacy_notice: notice,
      },
    });
    expect(saved.status).toBe(200);
    const face = await h.call(visitor, publicPath(h.demo.school_id));
    expect(face.status).toBe(200);
    expect(face.body).toMatchObject({
      id: h.demo.school_id,
      name: h.demo.school_name,
      address: 'Av. Reforma 100, CDMX',
      contact_email: 'privacidad@colegio.mx',
      privacy_notice: notice.trim(),
    });
    // Nothing else of the school (fiscal data, configuration) is in the public face.
    expect(face.body).not.toHaveProperty('tax_id');
    expect(face.body).not.toHaveProperty('config_dashboard');
    const cleared = await h.call(h.staff('OWNER'), dashboardPath(), {
      method: 'PATCH',
      json: { privacy_notice: null },
    });
    expect(cleared.status).toBe(200);
    expect((await h.call(visitor, publicPath(h.demo.school_id))).body.privacy_notice).toBeNull();
  });

  test('a too short notice is a Spanish 400; a school not yet public is a 404 to visitors', async () => {
    const short = await h.call(h.staff('OWNER'), dashboardPath(), {
      method: 'PATCH',
      json: { privacy_notice: 'Corto.' },
    });
    expect(short.status).toBe(400);
    expect(JSON.stringify(short.body)).toContain('El aviso de privacidad es demasiado corto.');
    expect((await h.call(visitor, publicPath(h.otherSchoolId))).status).toBe(404);
    expect(
      (await h.call(h.staff('OWNER', h.otherSchoolId), publicPath(h.otherSchoolId))).status,
    ).toBe(200);
  });
});

describe('PUT /backoffice/school_configs/{id}/', () => {
  const path = () => `/backoffice/school_configs/${h.demo.school_id}/`;
  const config = (status: string, extra: Record<string, unknown> = {}) => ({
    kind: 'k12',
    status,
    config_dashboard: { use_kushki_sandbox: true },
    gateway_credentials_ref: 'kushki/colegio-cuota-demo',
    ...extra,
  });

  test('moves the status by the transition table and keeps only the credentials reference', async () => {
    const paused = await h.call(h.staff('OWNER'), path(), {
      method: 'PUT',
      json: config('paused'),
    });
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({
      status: 'paused',
      gateway_credentials: { reference: 'kushki/colegio-cuota-demo' },
      config_dashboard: { use_kushki_sandbox: true },
    });
    const refused = await h.call(h.staff('OWNER'), path(), {
      method: 'PUT',
      json: config('onboarding'),
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(
      'Una escuela «En pausa» no puede pasar a «En incorporación».',
    );
    const back = await h.call(h.staff('OWNER'), path(), {
      method: 'PUT',
      json: config('operando'),
    });
    expect(back.body.status).toBe('operando');
  });

  test('a secret-looking reference, an unknown status or kind are 400, nothing written', async () => {
    const before = await schoolRow();
    for (const body of [
      config('operando', { gateway_credentials_ref: 'SK_LIVE_9f8e7d6c5b4a' }),
      config('cerrada'),
      config('operando', { kind: 'guarderia' }),
      config('operando', { extra: true }),
    ]) {
      const res = await h.call(h.staff('OWNER'), path(), { method: 'PUT', json: body });
      expect(res.status).toBe(400);
    }
    expect(await schoolRow()).toEqual(before);
  });

  test('forbidden role 403, another school 404', async () => {
    const put = (as: ReturnType<EnrolmentHarness['staff']>) =>
      h.call(as, path(), { method: 'PUT', json: config('baja') });
    expect((await put(h.staff('TREASURER'))).status).toBe(403);
    expect((await put(h.staff('OWNER', h.otherSchoolId))).status).toBe(404);
    expect((await schoolRow()).status).toBe('operando');
  });
});

describe('GET /api/v1/dashboard/schools/{id}/attributes/', () => {
  test('the school flags in name order, for its staff only', async () => {
    await h.service.db.insert(schoolAttributes).values([
      { schoolId: h.demo.school_id, name: 'store', enabled: true },
      { schoolId: h.demo.school_id, name: 'admissions_board', enabled: false },
    ]);
    const path = `/api/v1/dashboard/schools/${h.demo.school_id}/attributes/`;
    const res = await h.call(h.staff('CASH_COLLECTION'), path);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { name: 'admissions_board', enabled: false },
      { name: 'store', enabled: true },
    ]);
    expect((await h.call(h.guardian(), path)).status).toBe(403);
    expect((await h.call(h.staff('OWNER', h.otherSchoolId), path)).status).toBe(404);
  });
});
