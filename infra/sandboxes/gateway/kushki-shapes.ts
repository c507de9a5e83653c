import type { Charge, ChargeAmount, Reversal } from './charge-ledger.ts';
import { centavosToPesos } from './money.ts';

/**
 * The bodies Kushki sends, each in the casing its documentation shows (README "Fidelity"):
 * a charge answer's `details` and the void/refund webhook are camelCase; the one-time card
 * payment webhook and the transaction records are Kushki's snake_case transaction record.
 */

/** The sale as the charge answer's `details` describes it (with `fullResponse`). */
export function saleDetails(charge: Charge) {
  const approved = charge.transactionStatus === 'APPROVAL';
  return {
    amount: amountInPesos(charge.amount),
    approvalCode: charge.approvalCode,
    approvedTransactionAmount: approved ? centavosToPesos(charge.totalCentavos) : 0,
    requestAmount: centavosToPesos(charge.totalCentavos),
    currencyCode: charge.amount.currency,
    created: charge.created,
    merchantId: charge.merchantId,
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

/**
 * The one-time card payment webhook body (docs "Webhook for One-Time Payments made with a
 * card"): Kushki's transaction record, snake_case, amounts in pesos, `created` in ms.
 */
export function saleRecord(charge: Charge) {
  const approved = charge.transactionStatus === 'APPROVAL';
  return {
    ticket_number: charge.ticketNumber,
    transaction_id: charge.transactionId,
    transaction_reference: charge.transactionReference,
    amount: amountInPesos(charge.amount),
    metadata: charge.metadata,
    currency_code: charge.amount.currency,
    transaction_type: 'SALE' as const,
    transaction_status: charge.transactionStatus,
    created: charge.created,
    sync_mode: 'online',
    merchant_id: charge.merchantId,
    processor_name: 'Kushki Sandbox Processor',
    last_four_digits: charge.lastFourDigits,
    approval_code: charge.approvalCode,
    request_amount: centavosToPesos(charge.totalCentavos),
    approved_transaction_amount: approved ? centavosToPesos(charge.totalCentavos) : 0,
    subtotal_iva0: centavosToPesos(charge.amount.subtotalIva0),
    subtotal_iva: centavosToPesos(charge.amount.subtotalIva),
    iva_value: centavosToPesos(charge.amount.iva),
    ice_value: centavosToPesos(charge.amount.ice),
    country: 'Mexico',
    response_code: charge.responseCode,
    response_text: charge.responseText,
    payment_brand: charge.paymentBrand,
    token: charge.token,
  };
}

/**
 * The void/refund webhook body (docs "Webhook for Voids and Refunds", Mexico): camelCase.
 * As Kushki's card service builds it, `ticketNumber` is still the sale's (its void request
 * copies the sale's fields); the reversal's own ticket is `voidTicketNumber`.
 * `transactionType` is the sandbox's guess: the published field list is cut before it.
 */
export function reversalNotification(charge: Charge, reversal: Reversal) {
  return {
    country: 'Mexico',
    metadata: charge.metadata,
    merchantId: charge.merchantId,
    syncMode: 'api',
    isSandboxTransaction: true,
    transactionReference: reversal.transactionReference,
    created: reversal.created,
    voidTicketNumber: reversal.ticketNumber,
    transactionId: reversal.transactionId,
    saleTicketNumber: charge.ticketNumber,
    saleTransactionReference: charge.transactionReference,
    saleApprovalCode: charge.approvalCode,
    saleCreated: charge.created,
    saleTransactionType: 'SALE',
    lastFourDigits: charge.lastFourDigits,
    paymentMethod: 'card',
    ticketNumber: charge.ticketNumber,
    transactionType: reversal.transactionType,
    forceRefund: reversal.transactionType === 'REFUND',
    partialVoid: reversal.amountCentavos !== charge.totalCentavos,
    responseCode: '000',
    responseText: 'Transacción aprobada',
    requestAmount: centavosToPesos(reversal.amountCentavos),
    amount: { subtotalIva0: centavosToPesos(reversal.amountCentavos), subtotalIva: 0, iva: 0 },
    currency: charge.amount.currency,
    transactionStatus: reversal.status,
    paymentBrand: charge.paymentBrand,
  };
}

/**
 * A reversal as a transactions-list row: the sale's record shape with the reversal's own
 * ticket, type and amount, and the sale's ticket in `sale_ticket_number` (a guess, README).
 */
export function reversalRecord(charge: Charge, reversal: Reversal) {
  return {
    ...saleRecord(charge),
    ticket_number: reversal.ticketNumber,
    transaction_id: reversal.transactionId,
    transaction_reference: reversal.transactionReference,
    sale_ticket_number: charge.ticketNumber,
    transaction_type: reversal.transactionType,
    transaction_status: reversal.status,
    created: reversal.created,
    request_amount: centavosToPesos(reversal.amountCentavos),
    approved_transaction_amount:
      reversal.status === 'APPROVAL' ? centavosToPesos(reversal.amountCentavos) : 0,
  };
}

/** A charge answer or reversal answer's `details` for a reversal still in progress. */
export function reversalDetails(charge: Charge, reversal: Reversal) {
  return {
    ...saleDetails(charge),
    ticketNumber: reversal.ticketNumber,
    saleTicketNumber: charge.ticketNumber,
    transactionReference: reversal.transactionReference,
    transactionId: reversal.transactionId,
    transactionType: reversal.transactionType,
    transactionStatus: reversal.status,
    requestAmount: centavosToPesos(reversal.amountCentavos),
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
