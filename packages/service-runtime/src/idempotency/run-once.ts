import {
  claimKey,
  purgeExpiredKeys,
  saveResponse,
  storedClaim,
  type Claim,
  type Writer,
} from './idempotency-repository';
import { requestHash } from './request-hash';
import { assertSameRequest } from './same-request';

/**
 * How long the key table remembers a key: a day covers any retry of a double click or a
 * network blip. (The key-on-the-row form never forgets: its row is the answer.)
 */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/** A request that repeats one already done: the stored answer is sent instead of running it. */
export class ReplayedAnswer {
  readonly answer: unknown;
  constructor(answer: unknown) {
    this.answer = answer;
  }
}

/** Who, where, which key and which request, as a claim on the key. */
export interface Attempt {
  caller: string;
  endpoint: string;
  key: string;
  /** The validated input (params, query, body); the same request hashes the same. */
  request: unknown;
}

/**
 * The key-table form of ADR 0019 (`call.once`). Runs `work` in one transaction, at most once
 * per key: the key is claimed in that same transaction and the answer stored with it, so the
 * create and its key commit together or not at all (a crash or a refusal leaves the key free
 * for the retry). A repeat waits for the first to finish, then gets its answer (thrown as
 * ReplayedAnswer: nothing after the transaction runs again, e.g. no second e-mail); the same
 * key with another request is a 422. `remember` is what is kept for a replay (a one-time
 * secret must not be stored).
 */
export async function runOnce<T>(
  db: Writer,
  attempt: Attempt,
  work: (tx: Writer) => Promise<T>,
  remember: (answer: T) => unknown = (answer) => answer,
): Promise<T> {
  const claim: Claim = {
    caller: attempt.caller,
    endpoint: attempt.endpoint,
    key: attempt.key,
    requestHash: requestHash(attempt.request),
    expiresAt: new Date(Date.now() + IDEMPOTENCY_TTL_MS),
  };
  const outcome = await db.transaction(async (tx) => {
    if (!(await claimKey(tx, claim))) {
      const stored = await storedClaim(tx, claim);
      assertSameRequest(stored.requestHash, claim.requestHash);
      return { replayed: true as const, answer: stored.response };
    }
    await purgeExpiredKeys(tx);
    const answer = await work(tx);
    await saveResponse(tx, claim, remember(answer));
    return { replayed: false as const, answer };
  });
  if (outcome.replayed) throw new ReplayedAnswer(outcome.answer);
  return outcome.answer;
}
