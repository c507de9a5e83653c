import { paymentReminder } from '@cuota/contracts/notifications/endpoints';
import { implement } from '@cuota/service-runtime/http/endpoint-handlers';
import { mexicoCityDate } from '@cuota/service-runtime/time/mexico-city-date';
import type { NotificationsDb } from '../notifications-db';
import { planReminders, scheduleOf } from './reminder-repository';

/**
 * Staff (or the school's systems) ask for reminders of some orders now. The school is the
 * body's, checked by the endpoint's access; an order of another school, paid, unknown or
 * already reminded today is answered back as skipped, never sent twice.
 */
export function paymentReminderHandlers(db: NotificationsDb, now: () => Date) {
  return [
    implement(paymentReminder, async ({ body }) => {
      const at = now();
      const orderIds = [...new Set(body.order_ids)];
      const reminded = new Set(
        await planReminders(db, {
          schoolId: body.school_id,
          day: mexicoCityDate(at),
          now: at,
          channels: (await scheduleOf(db, body.school_id)).channels,
          selection: { kind: 'MANUAL', orderIds },
        }),
      );
      return {
        queued: reminded.size,
        skipped_order_ids: orderIds.filter((id) => !reminded.has(id)),
      };
    }),
  ];
}
