import type { NatsConnection } from '@nats-io/transport-node';
import {
  GUARDIAN_NAMES_MAX,
  guardianNamesRequest,
} from '@cuota/contracts/enrolment/guardian-names';
import type { Namespace } from '@cuota/messaging/naming';
import { RequestUnanswered, requestReply } from '@cuota/messaging/request-reply';
import { WorkLoop } from '@cuota/service-runtime/db/work-loop';
import type { Logger } from '@cuota/service-runtime/logging/logger';
import type { Database } from '@cuota/service-runtime/db/database';
import type { BillingDb } from '../billing-db';
import {
  GUARDIAN_NAMES_WANTED_CHANNEL,
  keepNames,
  namelessBillingGuardians,
} from './guardian-name-repository';

/**
 * How often billing looks for billing guardians it has no name for: a student may be billed
 * to a guardian whose events are older than the stream's 30 days (ADR 0095).
 */
const SWEEP_MS = 10 * 60_000;
/** Enrolment not up yet (a deploy, the launcher's order): ask again soon. */
const UNANSWERED_MS = 30_000;
const ASK_MS = 5_000;

export interface BackfillDeps {
  db: BillingDb;
  nc: NatsConnection;
  ns: Namespace;
}

/**
 * Asks enrolment the names of every billing guardian billing has none for, a batch at a time
 * in id order (so a guardian enrolment does not know is asked once a sweep), and keeps them
 * as of enrolment's last change: an event newer than the answer still wins. Answers how many
 * names it kept.
 */
export async function backfillGuardianNames({ db, nc, ns }: BackfillDeps): Promise<number> {
  let kept = 0;
  for (let afterId: string | null = null; ;) {
    const ids = await namelessBillingGuardians(db, afterId, GUARDIAN_NAMES_MAX);
    if (!ids.length) return kept;
    const { guardians } = await requestReply(
      nc,
      ns,
      guardianNamesRequest,
      { guardian_ids: ids },
      ASK_MS,
    );
    await keepNames(
      db,
      guardians.map((g) => ({
        guardianId: g.guardian_id,
        firstName: g.first_name,
        lastName: g.last_name,
        updatedAt: new Date(g.updated_at),
      })),
    );
    kept += guardians.length;
    if (ids.length < GUARDIAN_NAMES_MAX) return kept;
    afterId = ids.at(-1)!;
  }
}

/**
 * Backfills at start, then every SWEEP_MS (ADR 0095), and at once when a student arrives
 * billed to a guardian billing has no name for (ADR 0104). Answers how to stop it.
 */
export function startGuardianNameBackfill(deps: BackfillDeps, logger: Logger): () => Promise<void> {
  const loop = new WorkLoop({
    name: 'guardian names backfill',
    pass: async () => {
      try {
        const kept = await backfillGuardianNames(deps);
        if (kept) logger.info({ kept }, 'guardian names received from enrolment');
        return { more: false };
      } catch (e) {
        if (!(e instanceof RequestUnanswered)) throw e;
        logger.warn({ err: e }, 'enrolment did not answer the guardians names; asking again soon');
        return { more: false, waitMs: UNANSWERED_MS };
      }
    },
    idleMs: SWEEP_MS,
    logger,
    listen: {
      db: deps.db as Database<Record<string, unknown>>,
      channel: GUARDIAN_NAMES_WANTED_CHANNEL,
    },
  });
  loop.start();
  return () => loop.stop();
}
