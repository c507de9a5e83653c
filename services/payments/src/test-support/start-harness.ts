import { startGatewaySandbox } from '@cuota/infra/sandboxes/gateway/gateway-sandbox.ts';
import type { GatewayDoor } from './gateway-door';
import { PaymentsHarness, type HarnessOptions } from './payments-harness';

/**
 * The harness with a gateway sandbox of its own, quick to retry and to time out (tests).
 * `clock` (ms since the epoch) is what payments and the sandbox read as now. With `door`,
 * everyone reaches the sandbox through it (the test closes it to take Kushki down).
 */
export async function startPaymentsHarness({
  clock,
  door,
  ...options
}: Omit<HarnessOptions, 'sandbox'> & {
  clock?: () => number;
  door?: GatewayDoor;
}): Promise<PaymentsHarness> {
  const sandbox = await startGatewaySandbox({
    ...(clock ? { now: clock } : {}),
    port: 0,
    lateWebhookMs: 300,
    hangMs: 3_000,
    webhooks: { attempts: 4, retryBaseMs: 100, timeoutMs: 3_000 },
    reversals: { voidMs: 100, refundMs: 300 },
    payoutMs: 200,
  });
  const config = clock ? { now: () => new Date(clock()), ...options.config } : options.config;
  if (!door) return PaymentsHarness.start({ ...options, config, sandbox });
  door.target = sandbox.url;
  await door.openDoor();
  const stop = () => door.closeDoor().then(sandbox.stop);
  return PaymentsHarness.start({ ...options, config, sandbox: { url: door.url, stop } });
}
