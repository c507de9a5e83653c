import { schoolUpdatedV1 } from '@cuota/contracts/events/enrolment.school.updated.v1';
import { cardFormSettingsSchema } from '@cuota/contracts/payments/checkout';
import { waitFor } from '@cuota/testing/wait-for';
import { saveMerchantCredentials } from '../gateway/gateway-credentials-repository';
import { CARD_NOT_ACCEPTED } from '../gateway/school-gateways';
import type { PaymentsHarness, SchoolFixture } from '../test-support/payments-harness';
import { publishEvent } from '@cuota/testing/publish-event';
import { startPaymentsHarness } from '../test-support/start-harness';

jest.setTimeout(60_000);

let h: PaymentsHarness;
let school: SchoolFixture;
let other: SchoolFixture;
beforeAll(async () => {
  h = await startPaymentsHarness({ label: 'payments_card_form' });
  [school, other] = h.schools as [SchoolFixture, SchoolFixture];
}, 60_000);
afterAll(() => h?.stop());

const cardFormPath = (schoolId: string) => `/api/v1/schools/${schoolId}/card_form/`;

describe('GET /api/v1/schools/{id}/card_form/', () => {
  test('the family and staff get the sandbox form and the school’s public merchant id', async () => {
    for (const caller of [h.guardian(school), h.staff('CASH_COLLECTION')]) {
      const res = await h.call(caller, cardFormPath(school.id));
      expect(res.status).toBe(200);
      expect(cardFormSettingsSchema.parse(res.body)).toEqual({
        kind: 'hosted_form',
        form_url: `${h.sandbox.url}/hosted/card-form`,
        public_merchant_id: school.publicMerchantId,
      });
    }
  });

  test('another school’s family or staff get 404; a role without payments.read 403', async () => {
    const family = await h.call(h.guardian(other), cardFormPath(school.id));
    expect(family.status).toBe(404);
    expect(family.body.error.message).toBe('No encontramos esta escuela.');
    expect((await h.call(h.staff('OWNER', other), cardFormPath(school.id))).status).toBe(404);
    expect((await h.call(h.staff('OTHER'), cardFormPath(school.id))).status).toBe(403);
  });

  test('a school switched to production takes cards only once it has production credentials, through Kushki’s SDK', async () => {
    await publishEvent(h.ns.nc, h.ns, schoolUpdatedV1, {
      school_id: other.id,
      name: 'Colegio Vecino',
      kind: 'k12',
      status: 'operando',
      use_kushki_sandbox: false,
      gateway_credentials_ref: null,
      legal_name: null,
      tax_id: null,
      tax_regime: null,
      tax_zip_code: null,
    });
    const res = await waitFor(async () => {
      const answer = await h.call(h.guardian(other), cardFormPath(other.id));
      return answer.status === 409 ? answer : null;
    });
    expect(res.body.error.message).toBe(CARD_NOT_ACCEPTED);

    // With production credentials and no hosted form named for production: Kushki's SDK.
    await saveMerchantCredentials(h.service.db, h.deps.box, {
      schoolId: other.id,
      environment: 'production',
      merchantId: '20000000199999999999',
      publicMerchantId: `prod-${other.publicMerchantId}`,
      privateMerchantId: `prod-${other.privateMerchantId}`,
      webhookSecret: 'firma-produccion',
    });
    const kushki = await h.call(h.guardian(other), cardFormPath(other.id));
    expect(kushki.status).toBe(200);
    expect(cardFormSettingsSchema.parse(kushki.body)).toEqual({
      kind: 'kushki_js',
      public_merchant_id: `prod-${other.publicMerchantId}`,
      in_test: false,
    });
  });
});
