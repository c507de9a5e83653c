/** The sandbox's payouts in memory (payouts-api.ts serves them). */
export interface SandboxPayout {
  ticketNumber: string;
  merchantId: string;
  clabe: string;
  holderName: string;
  centavos: number;
  metadata: Record<string, unknown>;
  status: 'INITIALIZED' | 'APPROVAL' | 'DECLINED';
  created: number;
}

interface PayoutToken {
  publicMerchantId: string;
  clabe: string;
  holderName: string;
  centavos: number;
  used: boolean;
}

/**
 * The sandbox's payouts, in memory: tokens, payouts by ticket (oldest first) and by the
 * merchant's Idempotency-Key, so a retry after a lost answer starts no second transfer.
 */
export class PayoutDesk {
  readonly tokens = new Map<string, PayoutToken>();
  readonly payouts: SandboxPayout[] = [];
  readonly byKey = new Map<string, SandboxPayout>();
  private readonly timers = new Set<NodeJS.Timeout>();

  readonly settleMs: number;

  constructor(settleMs: number) {
    this.settleMs = settleMs;
  }

  later(fn: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      fn();
    }, this.settleMs);
    this.timers.add(timer);
  }

  stop(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}
