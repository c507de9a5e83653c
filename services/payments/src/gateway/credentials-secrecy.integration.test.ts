import pino from 'pino';
import { randomUUID } from 'node:crypto';
import { merchantOfSchool } from './gateway-credentials-repository';
import { SecretBox } from '../secrets/secret-box';
import type { PaymentsHarness } from '../test-support/payments-harness';
import { CARDS, type SchoolFixture } from '../test-support/payments-harness';
import { startPaymentsHarness } from '../test-support/start-harness';
import { PayinReconciler } from '../checkout/reconcile-payins';

jest.setTimeout(60_000);

/** Every log line payments writes, at the most verbose level. */
const lines: string[] = [];
const logger = pino(
  { name: 'payments', level: 'trace', base: { service: 'payments' } },
  { write: (line: string) => void lines.push(line) },
);

let h: PaymentsHarness;
let school: SchoolFixture;
beforeAll(async () => {
  h = await startPaymentsHarness({ label: 'payments_secrets', logger });
  [school] = h.schools as [SchoolFixture];
}, 60_000);
afterAll(() => h?.stop());

test('gateway credentials are sealed at rest and never reach the logs', async () => {
  // Everything that touches the credentials: charges (approved, declined, lost), webhooks
  // (good and forged), reconciliation, desk payments.
  const [a, b] = await h.bill(school, school.families[0]!.studentIds);
  const [c] = await h.bill(school, [school.families[0]!.studentIds[0]!], { period: '2026-04' });
  const paid = await h.checkout(school, [a!]);
  await h.waitForStatus(paid.body.id, 'success');
  expect((await h.checkout(school, [b!], { card: CARDS.noFunds })).status).toBe(402);
  const hold = (on: boolean) =>
    fetch(`${h.sandbox.url}/_sandbox/behaviour`, {
      method: 'PUT',
      body: JSON.stringify(on ? { hold: true } : {}),
    });
  await hold(true);
  const lost = await h.checkout(school, [c!], { card: CARDS.serverError });
  await new PayinReconciler(
    { ...h.deps, now: () => new Date(Date.now() + 10 * 60_000) },
    { intervalMs: 0, pendingAfterMs: 60_000, abandonAfterMs: 3_600_000 },
  ).runOnce();
  await hold(false);
  await h.waitForStatus(lost.body.id, 'success');
  const forged = await fetch(`${h.service.url}/api/v1/kushki_checkout/notifications/`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${await h.identity.sign({ kind: 'anonymous' })}`,
      'content-type': 'application/json',
      'x-kushki-key': school.merchantId,
      'x-kushki-id': String(Date.now()),
      'x-kushki-signature': 'ab'.repeat(32),
    },
    body: JSON.stringify({
      ticket_number: '1',
      transaction_type: 'SALE',
      transaction_status: 'APPROVAL',
    }),
  });
  expect(forged.status).toBe(401);
  await h.call(h.staff('CASH_COLLECTION'), `/api/v1/dashboard/schools/${school.id}/payins/`, {
    method: 'POST',
    json: {
      student_id: school.families[0]!.studentIds[1],
      amount_centavos: 5_000,
      method: 'cash',
      confirm_excess: true,
    },
    headers: { 'idempotency-key': `caja-${randomUUID()}` },
  });

  const log = lines.join('');
  // It did log, verbosely: requests with their headers, the lost charge, the reconciliation.
  expect(log).toContain('/api/v1/kushki_checkout/notifications/');
  expect(log).toContain('x-kushki-signature');
  expect(log).toContain('card charge outcome unknown');
  expect(log).toContain('reconciled pending card payins');
  for (const secret of [
    school.privateMerchantId,
    school.webhookSecret,
    h.secretsKey.toString('base64'),
    h.secretsKey.toString('hex'),
  ])
    expect(log).not.toContain(secret);

  const { rows } = await h.service.db.$client.query(
    'SELECT private_merchant_id_sealed, webhook_secret_sealed FROM gateway_credentials WHERE school_id = $1',
    [school.id],
  );
  const stored = JSON.stringify(rows);
  expect(stored).not.toContain(school.privateMerchantId);
  expect(stored).not.toContain(school.webhookSecret);
  // Only the key opens them.
  const opened = await merchantOfSchool(
    h.service.db,
    new SecretBox(h.secretsKey),
    school.id,
    'sandbox',
  );
  expect(opened).toMatchObject({
    privateMerchantId: school.privateMerchantId,
    webhookSecret: school.webhookSecret,
  });
});
