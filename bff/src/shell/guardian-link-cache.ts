import type { EnrolmentDirectory } from '../identity/enrolment-directory';

export interface GuardianLinkCache {
  /** true/false when known; undefined when enrolment could not say (down). */
  exists(guardianHash: string): Promise<boolean | undefined>;
}

const KNOWN_TTL_MS = 60_000;
const UNKNOWN_TTL_MS = 10_000;
const CAPACITY = 5_000;

/**
 * Whether a /guardians/{hash} page belongs to someone, remembered briefly so page loads and
 * refreshes don't each ask enrolment. Bounded: the oldest entry goes first.
 */
export function createGuardianLinkCache(directory: EnrolmentDirectory): GuardianLinkCache {
  const entries = new Map<string, { exists: boolean; until: number }>();
  return {
    async exists(hash) {
      const cached = entries.get(hash);
      if (cached && cached.until > Date.now()) return cached.exists;
      let exists: boolean;
      try {
        exists = (await directory.guardianByHash(hash)) !== null;
      } catch {
        return undefined;
      }
      entries.delete(hash);
      entries.set(hash, { exists, until: Date.now() + (exists ? KNOWN_TTL_MS : UNKNOWN_TTL_MS) });
      if (entries.size > CAPACITY) entries.delete(entries.keys().next().value!);
      return exists;
    },
  };
}
