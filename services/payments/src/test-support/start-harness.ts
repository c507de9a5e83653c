import { startGatewaySandbox } from '@cuota/infra/sandboxes/gateway/gateway-sandbox.ts';
import { PaymentsHarness, type HarnessOptions } from './payments-harness';

/** The harness with a gateway sandbox of its own, quick to retry and to time out (tests). */
export async function startPaymentsHarness(
  options: Omit<HarnessOptions, 'sandbox'>,
): Promise<PaymentsHarness> {
  const sandbox = await startGatewaySandbox({
    port: 0,
    lateWebhookMs: 300,
    hangMs: 3_000,
    webhooks: { attempts: 4, retryBaseMs: 100, timeoutMs: 3_000 },
    reversals: { voidMs: 100, refundMs: 300 },
  });
  return PaymentsHarness.start({ ...options, sandbox });
}
