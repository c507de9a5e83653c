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

/** A void (anulación) or refund (devolución) of a whole sale. */
export interface Reversal {
  transactionType: ReversalType;
  ticketNumber: string;
  transactionReference: string;
  created: number;
}

export interface Charge {
  ticketNumber: string;
  transactionReference: string;
  transactionId: string;
  approvalCode: string;
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
  reversal?: Reversal;
}

export type NewCharge = Omit<
  Charge,
  'ticketNumber' | 'transactionReference' | 'transactionId' | 'approvalCode' | 'created'
>;

export interface ChargeSearch {
  token?: string;
  ticketNumber?: string;
  metadata?: Record<string, string | number | boolean>;
  from?: number;
  to?: number;
  limit: number;
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
    };
    this.byTicket.set(recorded.ticketNumber, recorded);
    this.byToken.set(recorded.token, recorded);
    if (this.byTicket.size > CAPACITY) this.forgetOldest();
    return recorded;
  }

  withTicket(ticketNumber: string, publicMerchantId: string): Charge | undefined {
    const charge = this.byTicket.get(ticketNumber);
    return charge?.publicMerchantId === publicMerchantId ? charge : undefined;
  }

  /** The charge a token already paid, whoever's it is: a token pays only once. */
  withToken(token: string): Charge | undefined {
    return this.byToken.get(token);
  }

  reverse(charge: Charge, transactionType: ReversalType): Reversal {
    charge.reversal = {
      transactionType,
      ticketNumber: this.nextNumber(),
      transactionReference: randomUUID(),
      created: Date.now(),
    };
    return charge.reversal;
  }

  /** A merchant's charges matching every given criterion, newest first. */
  search(publicMerchantId: string, criteria: ChargeSearch): { total: number; data: Charge[] } {
    const matches = this.candidates(criteria)
      .filter((c) => c.publicMerchantId === publicMerchantId && matchesSearch(c, criteria))
      .reverse();
    return { total: matches.length, data: matches.slice(0, criteria.limit) };
  }

  /** A token or ticket number narrows the search to one charge through its index. */
  private candidates(criteria: ChargeSearch): Charge[] {
    const indexed =
      criteria.token !== undefined
        ? this.byToken.get(criteria.token)
        : criteria.ticketNumber !== undefined
          ? this.byTicket.get(criteria.ticketNumber)
          : null;
    if (indexed === null) return [...this.byTicket.values()];
    return indexed ? [indexed] : [];
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

function matchesSearch(charge: Charge, criteria: ChargeSearch): boolean {
  if (criteria.token !== undefined && charge.token !== criteria.token) return false;
  if (criteria.ticketNumber !== undefined && charge.ticketNumber !== criteria.ticketNumber)
    return false;
  if (criteria.from !== undefined && charge.created < criteria.from) return false;
  if (criteria.to !== undefined && charge.created > criteria.to) return false;
  return Object.entries(criteria.metadata ?? {}).every(
    ([key, value]) => charge.metadata[key] === value,
  );
}
