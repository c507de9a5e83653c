import { on, type Subscription } from '@cuota/messaging/consumer/durable-consumer';
import { guardianCreatedV1 } from '@cuota/contracts/events/enrolment.guardian.created.v1';
import { guardianDeletedV1 } from '@cuota/contracts/events/enrolment.guardian.deleted.v1';
import { guardianUpdatedV1 } from '@cuota/contracts/events/enrolment.guardian.updated.v1';
import { releaseHeldOfNamedFamily } from '../global-invoices/release-named-family';
import { forgetFiscalGuardian, upsertFiscalGuardian } from './fiscal-guardian-repository';

/** Durable name: also the inbox key, so it must never change once deployed. */
export const FISCAL_GUARDIAN_CONSUMER = 'invoicing-enrolment-guardians';

/** created and updated both carry the whole fiscal snapshot: newest wins; deleted forgets. */
export function fiscalGuardianSubscriptions(): Subscription[] {
  return [
    ...[guardianCreatedV1, guardianUpdatedV1].map((definition) =>
      on(definition, async (event, tx) => {
        await upsertFiscalGuardian(tx, event.data, new Date(event.occurred_at));
        // Valid data before the period closes: its payments leave the global invoice.
        await releaseHeldOfNamedFamily(tx, event.data.guardian_id);
      }),
    ),
    on(guardianDeletedV1, (event, tx) =>
      forgetFiscalGuardian(tx, event.data.guardian_id, new Date(event.occurred_at)),
    ),
  ];
}
