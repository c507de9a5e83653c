import {
  getReminderSchedule,
  saveReminderSchedule,
} from '@cuota/contracts/notifications/endpoints';
import type {
  ReminderScheduleView,
  SaveReminderSchedule,
} from '@cuota/contracts/notifications/entities';
import { implement } from '@cuota/service-runtime/http/endpoint-handlers';
import type { NotificationsDb } from '../notifications-db';
import { saveSchedule, scheduleOf } from './reminder-repository';
import type { ReminderSchedule } from './reminder-rules';

const toView = (schoolId: string, s: ReminderSchedule): ReminderScheduleView => ({
  school_id: schoolId,
  enabled: s.enabled,
  days_before: s.daysBefore,
  on_due_day: s.onDueDay,
  days_overdue: s.daysOverdue,
  quiet_from: s.quietFrom,
  quiet_until: s.quietUntil,
  channels: s.channels,
});

const fromBody = (b: SaveReminderSchedule): ReminderSchedule => ({
  enabled: b.enabled,
  daysBefore: b.days_before,
  onDueDay: b.on_due_day,
  daysOverdue: b.days_overdue,
  quietFrom: b.quiet_from,
  quietUntil: b.quiet_until,
  channels: b.channels,
});

/** The school is the path's, checked by each endpoint's access (another school: 404). */
export function reminderScheduleHandlers(db: NotificationsDb, now: () => Date) {
  return [
    implement(getReminderSchedule, async ({ params }) =>
      toView(params.schoolId, await scheduleOf(db, params.schoolId)),
    ),
    implement(saveReminderSchedule, async ({ params, body }) => {
      await saveSchedule(db, params.schoolId, fromBody(body), now());
      return toView(params.schoolId, fromBody(body));
    }),
  ];
}
