import {
  delinquencyReminders,
  onboardingReminders,
  upcomingReminders,
  wrongDataReminders,
} from '@cuota/contracts/notifications/reminder-runs';
import { implement } from '@cuota/service-runtime/http/endpoint-handlers';
import { mexicoCityDate } from '@cuota/service-runtime/time/mexico-city-date';
import type { NotificationsDb } from '../notifications-db';
import { planFamilyReminders, type FamilyReminder } from './family-reminder-repository';
import { planReminders, scheduleOf, type ReminderSelection } from './reminder-repository';
import { addDays } from './reminder-rules';

/**
 * The internal reminder runs (spec: reminders deliquency, paidreminder, onboarding,
 * wrong_data): a school's open orders overdue or due in the next days, or its families whose
 * sign-up is unfinished or whose fiscal data the SAT would refuse, reminded now on the school's
 * channels. The same dedupe keys as the schedule's: nobody is reminded of one thing twice a day.
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
  const runForFamilies = async (schoolId: string, template: FamilyReminder) => {
    const at = now();
    const queued = await planFamilyReminders(db, {
      template,
      schoolId,
      day: mexicoCityDate(at),
      now: at,
      channels: (await scheduleOf(db, schoolId)).channels,
    });
    return { queued };
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
    implement(onboardingReminders, ({ body }) =>
      runForFamilies(body.school_id, 'onboarding_reminder'),
    ),
    implement(wrongDataReminders, ({ body }) =>
      runForFamilies(body.school_id, 'wrong_data_reminder'),
    ),
  ];
}
