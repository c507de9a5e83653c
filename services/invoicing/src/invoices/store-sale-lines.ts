import type { ConceptType } from '@cuota/contracts/billing/concepts';
import type { StoreTax } from '@cuota/contracts/billing/store';
import { storeLineName, type StoreSale } from '@cuota/contracts/payments/store-checkout';
import type { InvoiceLineRecord } from './invoice-request-rules';

/**
 * How a store item is invoiced (ADR 0083): its IVA is the item's (billing's `tax`), and its
 * SAT keys follow: a taxed item as a uniform or school article, a 0 % one as a book — unless
 * the sale names the item's own ClaveProdServ (ADR 0092; sales from before it name none).
 */
const BY_TAX: Record<StoreTax, { conceptType: ConceptType; iva: InvoiceLineRecord['iva'] }> = {
  IVA_16: { conceptType: 'UNIFORMS_AND_MERCH', iva: 'tasa16' },
  IVA_0: { conceptType: 'BOOKS_AND_MATERIALS', iva: 'tasa0' },
  EXENTO: { conceptType: 'OTHER', iva: 'exento' },
};

/** A paid store sale's lines as the invoice keeps them: one per variant, with its quantity. */
export function storeSaleLines(sale: StoreSale): InvoiceLineRecord[] {
  return sale.lines.map((line) => {
    const { conceptType, iva } = BY_TAX[line.tax];
    return {
      order_id: sale.order_id,
      concept_id: line.variant_id,
      concept_name: storeLineName(line),
      concept_type: conceptType,
      period: null,
      base_centavos: line.unit_price_centavos * line.quantity,
      late_fee_centavos: 0,
      discount_centavos: 0,
      quantity: line.quantity,
      iva,
      ...(line.sat_product_key ? { clave_prod_serv: line.sat_product_key } : {}),
    };
  });
}
