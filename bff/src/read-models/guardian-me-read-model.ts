import type { GuardianMe } from '@cuota/contracts/enrolment/responses';

/**
 * guardian.me answers kept in the BFF (ADR 0024): the portal asks for them on every screen,
 * and each answer changes only when enrolment publishes an event naming one of its ids.
 */
export interface GuardianMeReadModel {
  /** The guardian's answer: kept, or loaded (and kept unless an event raced the load). */
  get(guardianId: string, load: () => Promise<GuardianMe>): Promise<GuardianMe>;
  /** An event named these ids: every answer that contains one of them goes. */
  invalidate(ids: Iterable<string>): void;
  /** Events may have been missed (NATS gap, restart): nothing kept can be trusted. */
  clear(): void;
  /** Whether answers are kept at all (only while the event feed is live). */
  setLive(live: boolean): void;
  size(): number;
}

export interface ReadModelOptions {
  /** Most answers kept; the least recently used goes first. */
  capacity: number;
  /** A backstop for a write that published nothing: no answer is older than this. */
  maxAgeMs: number;
  now?: () => number;
}

interface Entry {
  answer: GuardianMe;
  ids: string[];
  until: number;
}

/** Every id an answer is built from: a change to any of them changes the answer. */
export function idsOfAnswer(me: GuardianMe): string[] {
  const ids = new Set<string>([me.id, ...me.schools.map((s) => s.id)]);
  for (const d of me.dependents) {
    ids.add(d.id).add(d.school_id);
    if (d.section) ids.add(d.section.id);
    if (d.billing_guardian) ids.add(d.billing_guardian.id);
    for (const g of d.guardians) ids.add(g.id);
  }
  return [...ids];
}

/** How many recent invalidations a load in flight is checked against. */
const RECENT = 1024;

export function createGuardianMeReadModel(options: ReadModelOptions): GuardianMeReadModel {
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  /** id → guardians whose answer holds it. */
  const holders = new Map<string, Set<string>>();
  /** Invalidations in order: `seq` counts them, `recent` keeps the last RECENT id sets. */
  let seq = 0;
  const recent: { seq: number; ids: ReadonlySet<string> | 'all' }[] = [];
  let live = false;

  const forget = (guardianId: string) => {
    const entry = entries.get(guardianId);
    if (!entry) return;
    entries.delete(guardianId);
    for (const id of entry.ids) {
      const set = holders.get(id);
      set?.delete(guardianId);
      if (set?.size === 0) holders.delete(id);
    }
  };

  const record = (ids: ReadonlySet<string> | 'all') => {
    recent.push({ seq: ++seq, ids });
    if (recent.length > RECENT) recent.shift();
  };

  /** Whether an answer loaded since `from` may have missed one of the invalidations after. */
  const raced = (from: number, ids: string[]) => {
    if (seq === from) return false;
    if (!recent.length || recent[0]!.seq > from + 1) return true;
    return recent.some(
      (r) => r.seq > from && (r.ids === 'all' || ids.some((id) => (r.ids as Set<string>).has(id))),
    );
  };

  const keep = (guardianId: string, answer: GuardianMe, ids: string[]) => {
    forget(guardianId);
    entries.set(guardianId, { answer, ids, until: now() + options.maxAgeMs });
    for (const id of ids) {
      let set = holders.get(id);
      if (!set) holders.set(id, (set = new Set()));
      set.add(guardianId);
    }
    if (entries.size > options.capacity) forget(entries.keys().next().value!);
  };

  return {
    async get(guardianId, load) {
      const entry = entries.get(guardianId);
      if (live && entry && entry.until > now()) {
        // Least recently used order: a read moves the entry to the end.
        entries.delete(guardianId);
        entries.set(guardianId, entry);
        return entry.answer;
      }
      const from = seq;
      const answer = await load();
      const ids = idsOfAnswer(answer);
      if (live && !raced(from, ids)) keep(guardianId, answer, ids);
      return answer;
    },
    invalidate(given) {
      const ids = new Set(given);
      record(ids);
      for (const id of ids)
        for (const guardianId of [...(holders.get(id) ?? [])]) forget(guardianId);
    },
    clear() {
      record('all');
      entries.clear();
      holders.clear();
    },
    setLive(next) {
      if (next !== live) this.clear();
      live = next;
    },
    size: () => entries.size,
  };
}
