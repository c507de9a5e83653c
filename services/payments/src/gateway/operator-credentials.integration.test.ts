import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import {
  MASKED_SECRET,
  gatewayCredentialListSchema,
  payinCredentialListSchema,
} from '@cuota/contracts/payments/gateway-credentials';
import type { PaymentsHarness, SchoolFixture } from '../test-support/payments-harness';
import { startPaymentsHarness } from '../test-support/start-harness';

jest.setTimeout(60_000);

/** Platform operators see every school's gateway merchants, secrets masked (ADR 0045). */
let h: PaymentsHarness;
let school: SchoolFixture;
let other: SchoolFixture;
beforeAll(async () => {
  h = await startPaymentsHarness({ label: 'payments_operator_credentials' });
  [school, other] = h.schools as [SchoolFixture, SchoolFixture];
}, 60_000);
afterAll(() => h?.stop());

const operator: IdentityClaims = {
  kind: 'staff',
  user_id: 'operador-cuota',
  memberships: [],
  platform_operator: true,
};
const GATEWAY = '/backoffice/gateway_credentials/';
const PAYIN = '/backoffice/payin_credentials/';

test('an operator lists every school’s merchants; secrets are masked, never in the answer', async () => {
  const res = await h.call(operator, GATEWAY);
  expect(res.status).toBe(200);
  const { results } = gatewayCredentialListSchema.parse(res.body);
  const mine = results.filter((r) => [school.id, other.id].includes(r.school_id));
  expect(mine.map((r) => [r.school_id, r.environment, r.in_use, r.public_merchant_id])).toEqual(
    expect.arrayContaining([
      [school.id, 'sandbox', true, school.publicMerchantId],
      [other.id, 'sandbox', true, other.publicMerchantId],
    ]),
  );
  for (const r of mine) {
    expect(r.private_merchant_id).toBe(MASKED_SECRET);
    expect(r.webhook_secret).toBe(MASKED_SECRET);
  }
  const text = JSON.stringify(res.body);
  for (const s of [school, other]) {
    expect(text).not.toContain(s.privateMerchantId);
    expect(text).not.toContain(s.webhookSecret);
  }
  const one = gatewayCredentialListSchema.parse(
    (await h.call(operator, `${GATEWAY}?school_id=${other.id}`)).body,
  );
  expect(one.results.map((r) => r.school_id)).toEqual([other.id]);
});

test('payin credentials: per school, the merchant its card payments use now', async () => {
  const res = await h.call(operator, `${PAYIN}?school_id=${school.id}`);
  expect(res.status).toBe(200);
  const { results } = payinCredentialListSchema.parse(res.body);
  expect(results).toEqual([
    expect.objectContaining({
      school_id: school.id,
      environment: 'sandbox',
      card: expect.objectContaining({
        public_merchant_id: school.publicMerchantId,
        private_merchant_id: MASKED_SECRET,
        webhook_secret: MASKED_SECRET,
      }),
    }),
  ]);
  expect(JSON.stringify(res.body)).not.toContain(school.privateMerchantId);
});

test('no school user may: owners, treasurers and families get 403; bad input 400', async () => {
  for (const path of [GATEWAY, PAYIN]) {
    for (const caller of [h.staff('OWNER'), h.staff('TREASURER'), h.guardian(school)]) {
      const res = await h.call(caller, path);
      expect(res.status).toBe(403);
    }
    expect((await h.call(h.staff('OWNER'), `${path}?school_id=${school.id}`)).status).toBe(403);
    const bad = await h.call(operator, `${path}?school_id=no-es-uuid`);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Elige una escuela válida.');
  }
});
