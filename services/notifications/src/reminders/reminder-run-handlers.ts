import {
  delinquencyReminders,
  upcomingReminders,
} from '@cuota/contracts/notifications/reminder-runs';
import { implement } from '@cuota/service-runtime/http/endpoint-handlers';
import { mexicoCityDate } from '@cuota/service-runtime/time/mexico-city-date';
import type { NotificationsDb } from '../notifications-db';
import { planReminders, scheduleOf, type ReminderSelection } from './reminder-repository';
import { addDays } from './reminder-rules';

/**
 * The internal reminder runs (spec: reminders deliquency, paidreminder): a school's open
 * orders overdue, or due in the next days, reminded now on the school's channels. The same
 * dedupe key as the schedule's, so an order already reminded today is not reminded again.
 */
export function reminderRunHandlers(db: NotificationsDb, now: () => Date) {
  const run = async (schoolId: string, selection: (today: string) => ReminderSelection) => {
    const at = now();
    const today = mexicoCityDate(at);
    const orders = await planReminders(db, {
      schoolId,
      day: today,
      now: at,
      channels: (await scheduleOf(db, schoolId)).channels,
      selection: selection(today),
    });
    return { queued: orders.length };
  };
  return [
    implement(delinquencyReminders, ({ body }) =>
      run(body.school_id, (today) => ({
        kind: 'OVERDUE',
        dueFrom: null,
        dueTo: addDays(today, -1),
      })),
    ),
    implement(upcomingReminders, ({ body }) =>
      run(body.school_id, (today) => ({
        kind: body.days === 0 ? 'DUE_TODAY' : 'BEFORE_DUE',
        dueFrom: today,
        dueTo: addDays(today, body.days),
      })),
    ),
  ];
}
