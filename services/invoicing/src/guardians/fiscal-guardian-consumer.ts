import { on, type Subscription } from '@cuota/messaging/consumer/durable-consumer';
import { guardianCreatedV1 } from '@cuota/contracts/events/enrolment.guardian.created.v1';
import { guardianDeletedV1 } from '@cuota/contracts/events/enrolment.guardian.deleted.v1';
import { guardianUpdatedV1 } from '@cuota/contracts/events/enrolment.guardian.updated.v1';
import { forgetFiscalGuardian, upsertFiscalGuardian } from './fiscal-guardian-repository';

/** Durable name: also the inbox key, so it must never change once deployed. */
export const FISCAL_GUARDIAN_CONSUMER = 'invoicing-enrolment-guardians';

/** created and updated both carry the whole fiscal snapshot: newest wins; deleted forgets. */
export function fiscalGuardianSubscriptions(): Subscription[] {
  return [
    ...[guardianCreatedV1, guardianUpdatedV1].map((definition) =>
      on(definition, (event, tx) =>
        upsertFiscalGuardian(tx, event.data, new Date(event.occurred_at)),
      ),
    ),
    on(guardianDeletedV1, (event, tx) =>
      forgetFiscalGuardian(tx, event.data.guardian_id, new Date(event.occurred_at)),
    ),
  ];
}
