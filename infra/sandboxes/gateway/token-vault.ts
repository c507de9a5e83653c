import { randomUUID } from 'node:crypto';
import type { PaymentBrand } from './card-number.ts';
import type { ChargeBehaviour } from './test-cards.ts';

/**
 * What a token remembers of a card: never the number, only what the charge needs (brand, last
 * four digits, how the test card behaves) and the amount it was issued for.
 */
export interface CardToken {
  token: string;
  publicMerchantId: string;
  brand: PaymentBrand;
  lastFourDigits: string;
  behaviour: ChargeBehaviour;
  totalCentavos: number;
  currency: string;
  expiresAt: number;
}

// Expired tokens are kept a while, so a late charge hears "Token expirado", not "incorrecto".
const EXPIRED_KEPT_MS = 10 * 60_000;

export type TokenLookup = { token: CardToken } | { missing: 'unknown' | 'expired' };

/** One-time card tokens that expire (Kushki: 30 minutes). */
export class TokenVault {
  private readonly tokens = new Map<string, CardToken>();
  private readonly sweeper: NodeJS.Timeout;
  private readonly ttlMs: number;

  constructor(ttlMs: number) {
    this.ttlMs = ttlMs;
    this.sweeper = setInterval(() => this.sweep(Date.now()), 60_000);
    this.sweeper.unref();
  }

  issue(card: Omit<CardToken, 'token' | 'expiresAt'>): CardToken {
    // Kushki's tokens are 32 hex characters (a UUID without dashes).
    const token = {
      ...card,
      token: randomUUID().replaceAll('-', ''),
      expiresAt: Date.now() + this.ttlMs,
    };
    this.tokens.set(token.token, token);
    return token;
  }

  find(token: string, publicMerchantId: string): TokenLookup {
    const found = this.tokens.get(token);
    if (!found || found.publicMerchantId !== publicMerchantId) return { missing: 'unknown' };
    if (found.expiresAt <= Date.now()) return { missing: 'expired' };
    return { token: found };
  }

  /** Spends a token: from now on only the ledger knows it, as the token of its charge. */
  spend(token: string): void {
    this.tokens.delete(token);
  }

  stop(): void {
    clearInterval(this.sweeper);
  }

  private sweep(now: number): void {
    const cutoff = now - EXPIRED_KEPT_MS;
    for (const [key, token] of this.tokens) if (token.expiresAt <= cutoff) this.tokens.delete(key);
  }
}
