import { sql } from 'drizzle-orm';
import { on, type Subscription } from '@cuota/messaging/consumer/durable-consumer';
import type { Executor } from '@cuota/messaging/transaction';
import {
  guardianCreatedV1,
  type GuardianSnapshot,
} from '@cuota/contracts/events/enrolment.guardian.created.v1';
import { guardianUpdatedV1 } from '@cuota/contracts/events/enrolment.guardian.updated.v1';
import { fiscalGuardians } from '../schema';

/** Durable name: also the inbox key, so it must never change once deployed. */
export const FISCAL_GUARDIAN_CONSUMER = 'invoicing-enrolment-guardians';

/**
 * Writes a guardian's fiscal snapshot keyed by guardian id. An older snapshot never
 * overwrites a newer one, so a replayed or late event cannot roll the data back.
 */
export async function upsertFiscalGuardian(
  tx: Executor,
  guardian: GuardianSnapshot,
  occurredAt: Date,
): Promise<void> {
  const changes = {
    schoolIds: guardian.school_ids,
    billingName: guardian.billing_name,
    taxId: guardian.tax_id,
    taxZipCode: guardian.tax_zip_code,
    updatedAt: occurredAt,
  };
  await tx
    .insert(fiscalGuardians)
    .values({ guardianId: guardian.guardian_id, ...changes })
    .onConflictDoUpdate({
      target: fiscalGuardians.guardianId,
      set: changes,
      setWhere: sql`${fiscalGuardians.updatedAt} <= excluded.updated_at`,
    });
}

/** created and updated both carry the whole fiscal snapshot: newest wins. */
export function fiscalGuardianSubscriptions(): Subscription[] {
  return [guardianCreatedV1, guardianUpdatedV1].map((definition) =>
    on(definition, (event, tx) =>
      upsertFiscalGuardian(tx, event.data, new Date(event.occurred_at)),
    ),
  );
}
