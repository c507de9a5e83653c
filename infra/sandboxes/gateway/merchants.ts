import { readFile } from 'node:fs/promises';
import { z } from '@cuota/contracts/common/spanish-messages';

/**
 * A school as Kushki knows it: its merchant id (what webhooks name in X-Kushki-Key and carry
 * as `merchant_id`), two keys, and where and how to sign its webhooks.
 */
export interface Merchant {
  merchantId: string;
  publicMerchantId: string;
  privateMerchantId: string;
  webhookUrl: string;
  webhookSignature: string;
  /** Where payout statuses go (Kushki's console configures webhooks per product; a guess). */
  payoutWebhookUrl?: string;
  /** Where subscriptions' recurring charges are notified (per product, as payouts). */
  subscriptionWebhookUrl?: string;
}

const merchantId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

export const merchantRegistration = z.object({
  /** Kushki's own merchant id: 20 digits in its consoles (e.g. 20000000107058310000). */
  merchant_id: z.string().regex(/^\d{1,20}$/, 'El merchant_id de Kushki lleva solo dígitos.'),
  private_merchant_id: merchantId,
  webhook_url: z.url({ protocol: /^https?$/ }),
  webhook_signature: z.string().min(1).max(256),
  payout_webhook_url: z.url({ protocol: /^https?$/ }).optional(),
  subscription_webhook_url: z.url({ protocol: /^https?$/ }).optional(),
});
export type MerchantRegistration = z.infer<typeof merchantRegistration>;

const merchantsFile = z.array(merchantRegistration.extend({ public_merchant_id: merchantId }));

export function isMerchantId(value: string): boolean {
  return merchantId.safeParse(value).success;
}

export class MerchantRegistry {
  private readonly byPublic = new Map<string, Merchant>();
  private readonly byPrivate = new Map<string, Merchant>();

  /** Adds or replaces a merchant; null when its private key already belongs to another one. */
  register(publicMerchantId: string, registration: MerchantRegistration): Merchant | null {
    const owner = this.byPrivate.get(registration.private_merchant_id);
    if (owner && owner.publicMerchantId !== publicMerchantId) return null;
    const previous = this.byPublic.get(publicMerchantId);
    if (previous) this.byPrivate.delete(previous.privateMerchantId);
    const merchant: Merchant = {
      merchantId: registration.merchant_id,
      publicMerchantId,
      privateMerchantId: registration.private_merchant_id,
      webhookUrl: registration.webhook_url,
      webhookSignature: registration.webhook_signature,
      payoutWebhookUrl: registration.payout_webhook_url,
      subscriptionWebhookUrl: registration.subscription_webhook_url,
    };
    this.byPublic.set(publicMerchantId, merchant);
    this.byPrivate.set(merchant.privateMerchantId, merchant);
    return merchant;
  }

  withPublicId(id: string | undefined): Merchant | undefined {
    return id === undefined ? undefined : this.byPublic.get(id);
  }

  withPrivateId(id: string | undefined): Merchant | undefined {
    return id === undefined ? undefined : this.byPrivate.get(id);
  }

  /** Preloads merchants from a JSON array of `{ public_merchant_id, private_merchant_id, … }`. */
  async loadFile(path: string): Promise<void> {
    const entries = merchantsFile.parse(JSON.parse(await readFile(path, 'utf8')));
    for (const { public_merchant_id, ...registration } of entries)
      if (!this.register(public_merchant_id, registration))
        throw new Error(`${path}: la llave privada de ${public_merchant_id} ya está registrada`);
  }
}
