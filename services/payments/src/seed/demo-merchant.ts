import type { Executor } from '@cuota/messaging/transaction';
import { saveMerchantCredentials } from '../gateway/gateway-credentials-repository';
import { upsertSchool } from '../schools/school-repository';
import type { SecretBox } from '../secrets/secret-box';

/** The demo school's merchant at the gateway sandbox (the guide's fixed demo ids). */
export const DEMO_MERCHANT = {
  merchantId: '20000000100000000001',
  publicMerchantId: 'demo-public-merchant',
  privateMerchantId: 'demo-private-merchant',
  webhookSecret: 'firma-webhook-demo-cuota',
} as const;

/**
 * Gives the demo school its sandbox merchant credentials (sealed) and, unless enrolment has
 * already told payments about the school, its name and sandbox switch. Safe to run again:
 * credentials are replaced, and the school row yields to any real enrolment event.
 */
export async function seedDemoMerchant(
  db: Executor,
  box: SecretBox,
  demo: { schoolId: string; schoolName: string; webhookSecret: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    await saveMerchantCredentials(tx, box, {
      schoolId: demo.schoolId,
      environment: 'sandbox',
      merchantId: DEMO_MERCHANT.merchantId,
      publicMerchantId: DEMO_MERCHANT.publicMerchantId,
      privateMerchantId: DEMO_MERCHANT.privateMerchantId,
      webhookSecret: demo.webhookSecret,
    });
    // Dated at the epoch: any school.updated from enrolment is newer and wins.
    await upsertSchool(
      tx,
      { school_id: demo.schoolId, name: demo.schoolName, use_kushki_sandbox: true },
      new Date(0),
    );
  });
}

/** Registers the demo merchant in the gateway sandbox, its webhooks aimed at `webhookUrl`. */
export async function registerInGatewaySandbox(
  sandboxUrl: string,
  webhookUrl: string,
  webhookSecret: string,
): Promise<void> {
  const res = await fetch(
    new URL(`/_sandbox/merchants/${DEMO_MERCHANT.publicMerchantId}`, sandboxUrl),
    {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        merchant_id: DEMO_MERCHANT.merchantId,
        private_merchant_id: DEMO_MERCHANT.privateMerchantId,
        webhook_url: webhookUrl,
        webhook_signature: webhookSecret,
      }),
    },
  );
  if (!res.ok) throw new Error(`The gateway sandbox refused the demo merchant: HTTP ${res.status}`);
}
