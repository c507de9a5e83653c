import type { Logger } from '@cuota/service-runtime/logging/logger';
import type { BillingClient } from './billing/billing-client';
import type { SchoolGateways } from './gateway/school-gateways';
import type { PaymentsConfig } from './payments-config';
import type { PaymentsDb } from './payments-db';
import type { SecretBox } from './secrets/secret-box';
import type { StoreStockClient } from './store-checkout/store-stock-client';
import type { ProofStore } from './transfers/proof-store';

/** What payments' use cases work with, built once per process (payments-service.ts). */
export interface PaymentsDeps {
  db: PaymentsDb;
  billing: BillingClient;
  storeStock: StoreStockClient;
  gateways: SchoolGateways;
  box: SecretBox;
  proofs: ProofStore;
  config: PaymentsConfig;
  logger: Logger;
  now: () => Date;
  /** Where the webhook's recorded sales are settled (ADR 0111, checkout/notice-queue.ts). */
  notices: { wake(): void; start(): void; stop(): Promise<void> };
}
