import { jetstream } from '@nats-io/jetstream';
import { enqueueEvent } from '@cuota/messaging/outbox/enqueue-event';
import { guardianDeletedV1 } from '@cuota/contracts/events/enrolment.guardian.deleted.v1';
import { guardianUpdatedV1 } from '@cuota/contracts/events/enrolment.guardian.updated.v1';
import { subjectOf } from '@cuota/messaging/naming';
import { startService, type RunningService } from '@cuota/service-host/service-host';
import {
  guardianCreatedV1,
  type GuardianSnapshot,
} from '@cuota/contracts/events/enrolment.guardian.created.v1';
import { verifyGuardiansResultSchema } from '@cuota/contracts/bff/guardian-rpc';
import { apiErrorSchema } from '@cuota/contracts/common/api-error';
import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import { NATS_URL } from '@cuota/testing/environment';
import { createTestDatabase, type TestDatabase } from '@cuota/testing/test-database';
import { createTestIdentity } from '@cuota/testing/test-identity';
import { createTestNamespace, type TestNamespace } from '@cuota/testing/test-namespace';
import { startTestProducer, type TestProducer } from '@cuota/testing/test-producer';
import { waitFor } from '@cuota/testing/wait-for';
import { invoicingService } from './invoicing-service';
import { FISCAL_GUARDIAN_CONSUMER } from './guardians/fiscal-guardian-consumer';
import type * as schema from './schema';

jest.setTimeout(30_000);

const errorOf = async (res: Response) => apiErrorSchema.parse(await res.json()).error;

const SCHOOL = '11111111-1111-4111-8111-111111111111';
const OTHER_SCHOOL = '22222222-2222-4222-8222-222222222222';

let invoicingDb: TestDatabase, ns: TestNamespace;
let identity: Awaited<ReturnType<typeof createTestIdentity>>;
let producer: TestProducer;
let invoicing: RunningService<typeof schema>;

const id = (n: number) => `aaaaaaaa-0000-4000-8000-${String(n).padStart(12, '0')}`;

function guardian(n: number, fiscal: Partial<GuardianSnapshot>): GuardianSnapshot {
  return {
    guardian_id: id(n),
    school_ids: [SCHOOL],
    first_name: 'Ana',
    last_name: 'Camacho',
    email: `tutor${n}@example.mx`,
    billing_name: 'Ana Camacho Martínez',
    tax_id: 'CAMA911215CJ0',
    tax_zip_code: '06600',
    ...fiscal,
  };
}

const guardians = [
  guardian(1, {}), // valid persona física
  guardian(2, { tax_id: 'CAMA911315CJ0' }), // 15 de mes 13: no such date
  guardian(3, { billing_name: null }), // no razón social
  guardian(4, { tax_id: 'XAXX010101000' }), // público en general
  guardian(5, { billing_name: 'Abarrotes y Algo SA', tax_id: 'A&A050908GT0' }), // valid moral
  guardian(6, { school_ids: [OTHER_SCHOOL] }), // another school's guardian
];

const staff = (school: string): IdentityClaims => ({
  kind: 'staff',
  user_id: 'u-1',
  memberships: [{ school_id: school, role: 'ACCOUNTANT' }],
});
const parent = (n: number): IdentityClaims => ({
  kind: 'guardian',
  guardian_id: id(n),
  school_ids: [SCHOOL],
});

async function verify(body: unknown, claims?: IdentityClaims): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (claims) headers.authorization = `Bearer ${await identity.sign(claims)}`;
  return fetch(`${invoicing.url}/api/v1/guardians/verify_guardians/`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  });
}

async function counts(): Promise<{ rows: number; inbox: number }> {
  const { rows } = await invoicing.db.$client.query(
    `SELECT (SELECT count(*)::int FROM fiscal_guardians) AS rows,
            (SELECT count(*)::int FROM inbox_events WHERE consumer = $1) AS inbox`,
    [FISCAL_GUARDIAN_CONSUMER],
  );
  return rows[0];
}

beforeAll(async () => {
  [invoicingDb, ns, identity] = await Promise.all([
    createTestDatabase('invoicing'),
    createTestNamespace(),
    createTestIdentity(),
  ]);
  producer = await startTestProducer(ns, 'enrolment_producer');
  invoicing = await startService(invoicingService, {
    port: 0,
    databaseUrl: invoicingDb.url,
    natsUrl: NATS_URL,
    natsPrefix: ns.prefix,
    identityPublicJwk: identity.keys.publicJwk,
    logLevel: 'silent',
  });
  await producer.db.transaction(async (tx) => {
    for (const g of guardians) await enqueueEvent(tx, guardianCreatedV1, g);
  });
  await producer.relay.drain();
  await waitFor(async () => (await counts()).rows === guardians.length);
});

afterAll(async () => {
  await invoicing?.stop();
  await producer?.stop();
  await ns?.dispose();
  await invoicingDb?.drop();
});

test("answers each guardian's RFC verification in the order asked, to the school's staff", async () => {
  const ids = [id(5), id(1), id(2), id(3), id(4), id(1)];
  const res = await verify({ guardian_ids: ids }, staff(SCHOOL));
  expect(res.status).toBe(200);
  expect(verifyGuardiansResultSchema.parse(await res.json())).toEqual([
    { guardian_id: id(5), valid: true },
    { guardian_id: id(1), valid: true },
    { guardian_id: id(2), valid: false },
    { guardian_id: id(3), valid: false },
    { guardian_id: id(4), valid: false },
    { guardian_id: id(1), valid: true },
  ]);
});

test('a guardian verifies their own RFC', async () => {
  const own = await verify({ guardian_ids: [id(1)] }, parent(1));
  expect(await own.json()).toEqual([{ guardian_id: id(1), valid: true }]);
  const invalid = await verify({ guardian_ids: [id(2)] }, parent(2));
  expect(await invalid.json()).toEqual([{ guardian_id: id(2), valid: false }]);
});

test("a guardian may not ask about someone else's RFC", async () => {
  const res = await verify({ guardian_ids: [id(1), id(2)] }, parent(1));
  expect(res.status).toBe(403);
  expect(await errorOf(res)).toEqual({
    code: 'FORBIDDEN',
    message: 'Solo puedes consultar los datos fiscales de tu propia cuenta.',
  });
});

test("staff may not ask about another school's guardians nor about unknown ids", async () => {
  for (const ids of [[id(1), id(6)], [id(99)]]) {
    const res = await verify({ guardian_ids: ids }, staff(SCHOOL));
    expect(res.status).toBe(403);
    expect((await errorOf(res)).message).toMatch(/No tienes permiso/);
  }
  const other = await verify({ guardian_ids: [id(6)] }, staff(OTHER_SCHOOL));
  expect(await other.json()).toEqual([{ guardian_id: id(6), valid: true }]);
});

test('answers 401 without a token, 403 to a service and 400 in Spanish to a bad body', async () => {
  expect((await verify({ guardian_ids: [id(1)] })).status).toBe(401);
  expect(
    (await verify({ guardian_ids: [id(1)] }, { kind: 'service', service: 'bff' })).status,
  ).toBe(403);
  const bad = await verify({ guardian_ids: [] }, staff(SCHOOL));
  expect(bad.status).toBe(400);
  expect((await errorOf(bad)).message).toBe(
    'Revisa los datos enviados en el cuerpo de la solicitud.',
  );
});

test('a replayed guardian event under a new Nats-Msg-Id is applied only once', async () => {
  const { rows } = await producer.db.$client.query(
    'SELECT payload FROM outbox_events ORDER BY seq LIMIT 1',
  );
  const ack = await jetstream(ns.nc).publish(
    subjectOf(ns, guardianCreatedV1.type),
    JSON.stringify(rows[0].payload),
    { msgID: `replay-${rows[0].payload.id}` },
  );
  expect(ack.duplicate).toBe(false);
  await new Promise((r) => setTimeout(r, 400));
  expect(await counts()).toEqual({ rows: guardians.length, inbox: guardians.length });
});

test('guardian.updated fixes a guardian: the corrected RFC verifies (and an older event cannot undo it)', async () => {
  const validOf = async (n: number) => {
    const res = await verify({ guardian_ids: [id(n)] }, staff(SCHOOL));
    return ((await res.json()) as { valid: boolean }[])[0]!.valid;
  };
  expect(await validOf(2)).toBe(false);
  await producer.publish(guardianUpdatedV1, guardian(2, { tax_id: 'CAMA911215CJ0' }));
  await waitFor(() => validOf(2));
  const { rows } = await producer.db.$client.query(
    "SELECT payload FROM outbox_events WHERE type = 'enrolment.guardian.created' AND payload->'data'->>'guardian_id' = $1",
    [id(2)],
  );
  await jetstream(ns.nc).publish(
    subjectOf(ns, guardianCreatedV1.type),
    JSON.stringify(rows[0].payload),
    {
      msgID: `late-${rows[0].payload.id}`,
    },
  );
  await new Promise((r) => setTimeout(r, 400));
  expect(await validOf(2)).toBe(true);
});

test('guardian.deleted forgets the fiscal data; a late, older snapshot does not bring it back', async () => {
  await producer.publish(guardianCreatedV1, guardian(7, { tax_id: 'CAMA911215CJ0' }));
  const rowOf = async () =>
    (
      await invoicing.db.$client.query(
        'SELECT tax_id, school_ids FROM fiscal_guardians WHERE guardian_id = $1',
        [id(7)],
      )
    ).rows[0];
  await waitFor(async () => (await rowOf())?.tax_id === 'CAMA911215CJ0');
  const { rows } = await producer.db.$client.query(
    "SELECT payload FROM outbox_events WHERE type = 'enrolment.guardian.created' AND payload->'data'->>'guardian_id' = $1",
    [id(7)],
  );
  await producer.publish(guardianDeletedV1, { guardian_id: id(7), school_ids: [SCHOOL] });
  await waitFor(async () => (await rowOf())?.tax_id === null);
  expect(await rowOf()).toEqual({ tax_id: null, school_ids: [] });
  await jetstream(ns.nc).publish(
    subjectOf(ns, guardianCreatedV1.type),
    JSON.stringify(rows[0].payload),
    { msgID: `late-${rows[0].payload.id}` },
  );
  await new Promise((r) => setTimeout(r, 400));
  expect(await rowOf()).toEqual({ tax_id: null, school_ids: [] });
});
