import { randomUUID } from 'node:crypto';
import type { PaymentBrand } from './card-number.ts';

export type TransactionStatus = 'APPROVAL' | 'DECLINED';
export type ReversalType = 'VOID' | 'REFUND';

/** Kushki's amount object, in integer centavos. */
export interface ChargeAmount {
  subtotalIva: number;
  subtotalIva0: number;
  iva: number;
  ice: number;
  currency: string;
}

/**
 * A void (anulación: the same day, the whole sale) or a refund (devolución: possibly partial)
 * of a sale. Kushki answers it INITIALIZED and settles it later, by webhook.
 */
export interface Reversal {
  transactionType: ReversalType;
  ticketNumber: string;
  transactionReference: string;
  transactionId: string;
  amountCentavos: number;
  status: 'INITIALIZED' | 'APPROVAL';
  created: number;
  /** The refund request's Idempotency-Key, when it sent one. */
  idempotencyKey?: string;
}

export interface Charge {
  ticketNumber: string;
  transactionReference: string;
  transactionId: string;
  approvalCode: string;
  merchantId: string;
  publicMerchantId: string;
  token: string;
  transactionStatus: TransactionStatus;
  amount: ChargeAmount;
  totalCentavos: number;
  paymentBrand: PaymentBrand;
  lastFourDigits: string;
  responseCode: string;
  responseText: string;
  metadata: Record<string, unknown>;
  contactDetails?: Record<string, unknown>;
  created: number;
  reversals: Reversal[];
}

export type NewCharge = Omit<
  Charge,
  | 'ticketNumber'
  | 'transactionReference'
  | 'transactionId'
  | 'approvalCode'
  | 'created'
  | 'reversals'
>;

/** One page of a merchant's transactions in a time window (ms). */
export interface TransactionWindow {
  from: number;
  to: number;
  limit: number;
  offset: number;
}

/** A row of the transactions list: a sale, or one of its reversals. */
export interface LedgerRow {
  charge: Charge;
  reversal?: Reversal;
}

// A long demo must not grow the ledger forever; the oldest charges go first.
const CAPACITY = 200_000;

/** Every sale the sandbox decided, by ticket number and by the token that paid it. */
export class ChargeLedger {
  private readonly byTicket = new Map<string, Charge>();
  private readonly byToken = new Map<string, Charge>();
  // Kushki's ticket numbers and transaction ids are 18 digits.
  private readonly numberBase = BigInt(Date.now()) * 100_000n;
  private issued = 0n;

  record(charge: NewCharge): Charge {
    const recorded: Charge = {
      ...charge,
      ticketNumber: this.nextNumber(),
      transactionId: this.nextNumber(),
      transactionReference: randomUUID(),
      approvalCode:
        charge.transactionStatus === 'APPROVAL'
          ? String(this.issued % 1_000_000n).padStart(6, '0')
          : '000000',
      created: Date.now(),
      reversals: [],
    };
    this.byTicket.set(recorded.ticketNumber, recorded);
    this.byToken.set(recorded.token, recorded);
    if (this.byTicket.size > CAPACITY) this.forgetOldest();
    return recorded;
  }

  withTicket(ticketNumber: string, publicMerchantId?: string): Charge | undefined {
    const charge = this.byTicket.get(ticketNumber);
    return publicMerchantId === undefined || charge?.publicMerchantId === publicMerchantId
      ? charge
      : undefined;
  }

  /** The charge a token already paid, whoever's it is: a token pays only once. */
  withToken(token: string): Charge | undefined {
    return this.byToken.get(token);
  }

  /** Starts a void or refund of `amountCentavos` of the sale; it settles later. */
  reverse(
    charge: Charge,
    transactionType: ReversalType,
    amountCentavos: number,
    idempotencyKey?: string,
  ): Reversal {
    const reversal: Reversal = {
      transactionType,
      ticketNumber: this.nextNumber(),
      transactionReference: randomUUID(),
      transactionId: this.nextNumber(),
      amountCentavos,
      status: 'INITIALIZED',
      created: Date.now(),
      ...(idempotencyKey ? { idempotencyKey } : {}),
    };
    charge.reversals.push(reversal);
    return reversal;
  }

  /** A merchant's sales and reversals made in the window, newest first. */
  between(publicMerchantId: string, window: TransactionWindow) {
    const rows: Array<LedgerRow & { at: number }> = [];
    const inWindow = (t: number) => t >= window.from && t <= window.to;
    for (const charge of this.byTicket.values()) {
      if (charge.publicMerchantId !== publicMerchantId) continue;
      if (inWindow(charge.created)) rows.push({ charge, at: charge.created });
      for (const reversal of charge.reversals)
        if (inWindow(reversal.created)) rows.push({ charge, reversal, at: reversal.created });
    }
    rows.sort((a, b) => b.at - a.at);
    return { total: rows.length, rows: rows.slice(window.offset, window.offset + window.limit) };
  }

  private nextNumber(): string {
    this.issued += 1n;
    return String(this.numberBase + this.issued);
  }

  private forgetOldest(): void {
    const [ticket, charge] = this.byTicket.entries().next().value!;
    this.byTicket.delete(ticket);
    this.byToken.delete(charge.token);
  }
}

/** What is left to void or refund of a sale: its total less every reversal asked for. */
export function refundableCentavos(charge: Charge): number {
  return charge.reversals.reduce((left, r) => left - r.amountCentavos, charge.totalCentavos);
}
