import { randomUUID } from 'node:crypto';
import type { StoreSale } from '@cuota/contracts/payments/store-checkout';

/** What a test sale's lines cost: two shirts at $350.00 and a book at $420.00. */
export const STORE_SALE_CENTAVOS = 1_120_00;

/**
 * A paid store sale as payments.payin.succeeded carries it (ADR 0083): two polo shirts taxed at
 * 16 % and a reading book at 0 %, $1,120.00 in all; fresh ids each call. `sale` overrides the
 * student, the guest's e-mail or fiscal data.
 */
export const testStoreSale = (sale: Partial<StoreSale> = {}): StoreSale => ({
  order_id: randomUUID(),
  student_id: null,
  buyer_email: null,
  lines: [
    {
      variant_id: randomUUID(),
      item_name: 'Playera polo',
      variant_label: 'Talla 8',
      tax: 'IVA_16',
      unit_price_centavos: 350_00,
      quantity: 2,
    },
    {
      variant_id: randomUUID(),
      item_name: 'Libro de lectura',
      variant_label: '',
      tax: 'IVA_0',
      unit_price_centavos: 420_00,
      quantity: 1,
    },
  ],
  ...sale,
});
