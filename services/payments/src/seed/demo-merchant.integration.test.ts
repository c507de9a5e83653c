import { randomBytes, randomUUID } from 'node:crypto';
import { startGatewaySandbox } from '@cuota/infra/sandboxes/gateway/gateway-sandbox.ts';
import { createDatabase, runMigrations } from '@cuota/service-runtime/db/database';
import { createTestDatabase } from '@cuota/testing/test-database';
import { merchantOfSchool } from '../gateway/gateway-credentials-repository';
import { PAYMENTS_MIGRATIONS } from '../payments-service';
import * as schema from '../schema';
import { schoolById } from '../schools/school-repository';
import { SecretBox } from '../secrets/secret-box';
import { upsertSchool } from '../schools/school-repository';
import { DEMO_MERCHANT, registerInGatewaySandbox, seedDemoMerchant } from './demo-merchant';

test('the demo seed stores the sandbox merchant sealed, twice without harm, and registers it', async () => {
  const testDb = await createTestDatabase('payments_seed');
  const db = createDatabase(testDb.url, schema, 2);
  const sandbox = await startGatewaySandbox({ port: 0 });
  try {
    await runMigrations(db, PAYMENTS_MIGRATIONS);
    const box = new SecretBox(randomBytes(32));
    const schoolId = randomUUID();
    const demo = { schoolId, schoolName: 'Colegio Cuota Demo', webhookSecret: 'secreto-demo-1' };
    await seedDemoMerchant(db, box, demo);
    await seedDemoMerchant(db, box, { ...demo, webhookSecret: 'secreto-demo-2' });
    const { rows } = await db.$client.query('SELECT * FROM gateway_credentials');
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(DEMO_MERCHANT.privateMerchantId);
    expect(await merchantOfSchool(db, box, schoolId, 'sandbox')).toMatchObject({
      publicMerchantId: 'demo-public-merchant',
      privateMerchantId: 'demo-private-merchant',
      webhookSecret: 'secreto-demo-2',
    });
    expect(await schoolById(db, schoolId)).toMatchObject({ useKushkiSandbox: true });
    // Enrolment's own word on the school wins over the seed's, even when the seed runs later.
    await upsertSchool(
      db,
      { school_id: schoolId, name: 'Colegio Real', use_kushki_sandbox: false },
      new Date(),
    );
    await seedDemoMerchant(db, box, demo);
    expect(await schoolById(db, schoolId)).toMatchObject({
      name: 'Colegio Real',
      useKushkiSandbox: false,
    });

    await registerInGatewaySandbox(sandbox.url, 'http://127.0.0.1:9/webhook', 'secreto-demo-2');
    const token = await fetch(`${sandbox.url}/card/v1/tokens`, {
      method: 'POST',
      headers: { 'Public-Merchant-Id': DEMO_MERCHANT.publicMerchantId },
      body: JSON.stringify({
        card: {
          name: 'DEMO',
          number: '5451951574925480',
          expiryMonth: '12',
          expiryYear: '39',
          cvv: '123',
        },
        totalAmount: 10,
        currency: 'MXN',
      }),
    });
    expect(token.status).toBe(200);
  } finally {
    await sandbox.stop();
    await db.$client.end();
    await testDb.drop();
  }
});
