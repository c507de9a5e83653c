/**
 * `POST /api/v1/guardians/{id}/validate_billing/` on the running service: the family checks
 * what it typed (or what it has saved), staff a guardian of their school; everyone else is
 * told nothing.
 */
import { guardianCreatedV1 } from '@cuota/contracts/events/enrolment.guardian.created.v1';
import { billingValidationSchema } from '@cuota/contracts/invoicing/billing-validation';
import { apiErrorSchema } from '@cuota/contracts/common/api-error';
import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import { waitFor } from '@cuota/testing/wait-for';
import {
  OTHER_SCHOOL_ID,
  SCHOOL_ID,
  guardian,
  guardianClaims,
  staffOf,
  startInvoicingTestSystem,
  uuidOf,
  type InvoicingTestSystem,
} from '../test-support/invoicing-test-system';
import { BILLING_MESSAGES } from './billing-validation-rules';

jest.setTimeout(60_000);

let system: InvoicingTestSystem;

beforeAll(async () => {
  system = await startInvoicingTestSystem();
  await system.publish(guardianCreatedV1, guardian(1));
  await system.publish(guardianCreatedV1, guardian(2, { tax_id: 'COSC801313XXX' }));
  await waitFor(async () => {
    const { rows } = await system.invoicing.db.$client.query(
      'SELECT count(*)::int AS n FROM fiscal_guardians',
    );
    return rows[0].n === 2;
  });
});

afterAll(() => system?.stop());

const validate = (id: string, who: IdentityClaims, body: unknown = {}) =>
  system.call(`/api/v1/guardians/${id}/validate_billing/`, who, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

test('the family checks what it has saved, and what it types before saving it', async () => {
  const saved = billingValidationSchema.parse(
    await (await validate(uuidOf(1), guardianClaims(1))).json(),
  );
  expect(saved).toMatchObject({ guardian_id: uuidOf(1), valid: true, errors: {} });
  expect(saved.cfdi_uses.map((u) => u.code)).toEqual(['D10', 'S01']);

  const typed = await validate(uuidOf(1), guardianClaims(1), {
    tax_id: 'EKU9003173C9',
    tax_zip_code: '6600',
    cfdi_use: 'D10',
  });
  expect(typed.status).toBe(200);
  expect(billingValidationSchema.parse(await typed.json())).toMatchObject({
    valid: false,
    errors: {
      tax_regime:
        'Tu RFC es de persona moral y el régimen 605 «Sueldos y Salarios e Ingresos Asimilados a Salarios» no le corresponde.',
      tax_zip_code: BILLING_MESSAGES.zipShape,
    },
  });
});

test('staff who read invoices check a guardian of their school', async () => {
  const res = await validate(uuidOf(2), staffOf(SCHOOL_ID, 'TREASURER'));
  expect(res.status).toBe(200);
  expect(billingValidationSchema.parse(await res.json()).errors).toEqual({
    tax_id: BILLING_MESSAGES.rfcShape,
  });
});

test('another family, another school, a role without invoicing.read: nothing is said', async () => {
  expect((await validate(uuidOf(1), guardianClaims(2))).status).toBe(404);
  expect((await validate(uuidOf(1), staffOf(OTHER_SCHOOL_ID, 'ACCOUNTANT'))).status).toBe(404);
  expect((await validate(uuidOf(99), staffOf(SCHOOL_ID, 'ACCOUNTANT'))).status).toBe(404);
  const admissions = await validate(uuidOf(1), staffOf(SCHOOL_ID, 'ADMISSIONS'));
  expect(admissions.status).toBe(403);
});

test('a malformed request is a Spanish 400, never a 500', async () => {
  const res = await validate(uuidOf(1), guardianClaims(1), { tax_id: 42 });
  expect(res.status).toBe(400);
  expect(apiErrorSchema.parse(await res.json()).error.details).toEqual([
    { path: 'tax_id', message: 'Escribe cada dato como texto.' },
  ]);
  const extra = await validate(uuidOf(1), guardianClaims(1), { curp: 'X' });
  expect(extra.status).toBe(400);
});
