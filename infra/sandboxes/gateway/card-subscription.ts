import type { PaymentBrand } from './card-number.ts';
import type { ChargeBehaviour } from './test-cards.ts';

/** A card kept for a merchant's recurring charges, behaving as its test card says. */
export interface CardSubscription {
  subscriptionId: string;
  publicMerchantId: string;
  token: string;
  brand: PaymentBrand;
  lastFourDigits: string;
  behaviour: ChargeBehaviour;
  metadata: Record<string, unknown>;
}
