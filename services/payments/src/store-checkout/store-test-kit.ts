import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import type { PaymentsHarness, SchoolFixture } from '../test-support/payments-harness';

/** The school's owner at billing (catalogue and stock are billing's). */
const ownerOf = (schoolId: string): IdentityClaims => ({
  kind: 'staff',
  user_id: 'staff-owner',
  name: 'Dueña',
  memberships: [{ school_id: schoolId, role: 'OWNER' }],
});

/** Billing's store as a test of payments' store checkout sets it up and reads it. */
export class StoreTestKit {
  private readonly h: PaymentsHarness;

  constructor(h: PaymentsHarness) {
    this.h = h;
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async billing(schoolId: string, path: string, json?: unknown): Promise<any> {
    const res = await fetch(
      `${this.h.realBilling.billing.service.url}/api/v1/dashboard/schools/${schoolId}/${path}`,
      {
        method: json === undefined ? 'GET' : 'POST',
        headers: {
          authorization: `Bearer ${await this.h.identity.sign(ownerOf(schoolId))}`,
          'content-type': 'application/json',
        },
        body: json === undefined ? undefined : JSON.stringify(json),
      },
    );
    if (res.status >= 300) throw new Error(`billing answered ${res.status}: ${await res.text()}`);
    return res.json();
  }

  /** An item of one variant at this price with `count` units; answers the variant's id. */
  async item(school: SchoolFixture, name: string, priceCentavos: number, count: number) {
    const item = await this.billing(school.id, 'store-items/', {
      name,
      price_centavos: priceCentavos,
      tax: 'IVA_16',
    });
    const variantId: string = item.variants[0].id;
    await this.billing(school.id, 'stock/', {
      variant_id: variantId,
      kind: 'SET_FIRST_TIME',
      quantity: count,
    });
    return variantId;
  }

  /** The variant's count and held units, as the dashboard's Tienda shows them. */
  async stockOf(school: SchoolFixture, variantId: string) {
    const items: { variants: { id: string; on_hand: number; reserved: number }[] }[] =
      await this.billing(school.id, 'stock/');
    const v = items.flatMap((i) => i.variants).find((x) => x.id === variantId)!;
    return { on_hand: v.on_hand, reserved: v.reserved };
  }

  async orderStatus(school: SchoolFixture, orderId: string): Promise<string> {
    return (await this.order(school, orderId)).status;
  }

  /** Billing's optional order as the dashboard lists it (status, hold). */
  async order(school: SchoolFixture, orderId: string) {
    const orders: { id: string; status: string; hold_until: string | null }[] = await this.billing(
      school.id,
      'optional-orders/',
    );
    return orders.find((o) => o.id === orderId)!;
  }
}
