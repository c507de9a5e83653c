import { randomInt, randomUUID } from 'node:crypto';
import { clabeCheckDigit } from '@cuota/contracts/payments/clabe';
import type { ChargeAmount } from './charge-ledger.ts';
import type { Merchant } from './merchants.ts';

/** A payment a family makes outside the card: a SPEI transfer or cash at a store. */
export type PayinMethod = 'transfer' | 'cash';

/**
 * A transfer-in or cash-in Kushki opened (INITIALIZED) and is waiting to be paid: the
 * reference the family quotes (SPEI: with the CLABE it transfers to; cash: the voucher's pin).
 */
export interface GatewayPayin {
  method: PayinMethod;
  merchant: Merchant;
  ticketNumber: string;
  transactionReference: string;
  /** SPEI: the CLABE to transfer to (STP, one per payment); null for cash. */
  clabe: string | null;
  /** SPEI's «referencia numérica» (7 digits) or the cash voucher's pin (14 digits). */
  reference: string;
  amount: ChargeAmount;
  totalCentavos: number;
  metadata: Record<string, unknown>;
  status: 'INITIALIZED' | 'APPROVAL' | 'DECLINED';
  /** What the family actually sent, when it was not the reference's amount (SPEI allows it). */
  paidCentavos?: number;
  created: number;
  expiresAt: number;
}

export type NewGatewayPayin = Pick<
  GatewayPayin,
  'method' | 'merchant' | 'amount' | 'totalCentavos' | 'metadata' | 'expiresAt'
>;

const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');

/** STP's bank code and a plaza: the CLABEs Kushki's SPEI collections are made of (a guess). */
const STP_PREFIX = '646180';

function newClabe(): string {
  const first17 = STP_PREFIX + digits(11);
  return first17 + String(clabeCheckDigit(first17));
}

/**
 * The transfer-ins and cash-ins opened on this sandbox, by ticket number and by the merchant's
 * Idempotency-Key: the same key answers the first reference (ADR 0099), so a retry after a lost
 * answer never leaves two open references for one payment.
 */
export class PayinDesk {
  private readonly byTicket = new Map<string, GatewayPayin>();
  private readonly byKey = new Map<string, GatewayPayin>();
  /** How many of the next inits are opened but never answered (`/_sandbox/payins/lose-answers`). */
  answersToLose = 0;

  open(payin: NewGatewayPayin, now: number, idempotencyKey?: string): GatewayPayin {
    const key = idempotencyKey && `${payin.merchant.merchantId}:${idempotencyKey}`;
    const first = key ? this.byKey.get(key) : undefined;
    if (first) return first;
    const opened: GatewayPayin = {
      ...payin,
      // Kushki's ticket numbers are 18 digits; a leading 9 keeps them apart from card sales'.
      ticketNumber: `9${digits(17)}`,
      transactionReference: randomUUID(),
      clabe: payin.method === 'transfer' ? newClabe() : null,
      reference: payin.method === 'transfer' ? digits(7) : digits(14),
      status: 'INITIALIZED',
      created: now,
    };
    this.byTicket.set(opened.ticketNumber, opened);
    if (key) this.byKey.set(key, opened);
    return opened;
  }

  /** Every reference opened with this `metadata.payment_id` (tests count them). */
  forPayment(paymentId: string): GatewayPayin[] {
    return [...this.byTicket.values()].filter((p) => p.metadata.payment_id === paymentId);
  }

  withTicket(ticketNumber: string): GatewayPayin | undefined {
    return this.byTicket.get(ticketNumber);
  }
}
