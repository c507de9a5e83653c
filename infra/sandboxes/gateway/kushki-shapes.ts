import type { Charge, ChargeAmount, Reversal } from './charge-ledger.ts';
import { centavosToPesos } from './money.ts';

/** The sale as Kushki describes it in `details` (charge answers with fullResponse, lookups). */
export function saleDetails(charge: Charge) {
  const approved = charge.transactionStatus === 'APPROVAL';
  return {
    amount: amountInPesos(charge.amount),
    approvalCode: charge.approvalCode,
    approvedTransactionAmount: approved ? centavosToPesos(charge.totalCentavos) : 0,
    requestAmount: centavosToPesos(charge.totalCentavos),
    currencyCode: charge.amount.currency,
    created: charge.created,
    merchantId: charge.publicMerchantId,
    metadata: charge.metadata,
    ...(charge.contactDetails ? { contactDetails: charge.contactDetails } : {}),
    paymentBrand: charge.paymentBrand,
    lastFourDigits: charge.lastFourDigits,
    responseCode: charge.responseCode,
    responseText: charge.responseText,
    transactionId: charge.transactionId,
    transactionReference: charge.transactionReference,
    transactionStatus: charge.transactionStatus,
    transactionType: 'SALE' as const,
  };
}

/** A transaction lookup: the sale, its token, and its void or refund if it had one. */
export function transactionView(charge: Charge) {
  return {
    ticketNumber: charge.ticketNumber,
    token: charge.token,
    ...saleDetails(charge),
    reversal: charge.reversal ? reversalView(charge.reversal) : null,
  };
}

/** What the merchant's webhook receives after a sale. */
export function saleNotification(charge: Charge) {
  return {
    ticketNumber: charge.ticketNumber,
    token: charge.token,
    paymentMethod: 'card',
    ...saleDetails(charge),
  };
}

/** What the merchant's webhook receives after a void or refund of a sale. */
export function reversalNotification(charge: Charge, reversal: Reversal) {
  return {
    ...saleNotification(charge),
    ...reversalView(reversal),
    saleTicketNumber: charge.ticketNumber,
    transactionStatus: 'APPROVAL' as const,
  };
}

export function reversalView(reversal: Reversal) {
  return {
    ticketNumber: reversal.ticketNumber,
    transactionReference: reversal.transactionReference,
    transactionType: reversal.transactionType,
    created: reversal.created,
  };
}

function amountInPesos(amount: ChargeAmount) {
  return {
    subtotalIva: centavosToPesos(amount.subtotalIva),
    subtotalIva0: centavosToPesos(amount.subtotalIva0),
    iva: centavosToPesos(amount.iva),
    ice: centavosToPesos(amount.ice),
    currency: amount.currency,
  };
}
