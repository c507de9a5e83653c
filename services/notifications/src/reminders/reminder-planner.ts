import { WorkLoop } from '@cuota/service-runtime/db/work-loop';
import type { Logger } from '@cuota/service-runtime/logging/logger';
import { mexicoCityDate } from '@cuota/service-runtime/time/mexico-city-date';
import type { NotificationsDb } from '../notifications-db';
import { planReminders, scheduleOf, schoolsWithOpenReceivables } from './reminder-repository';
import { reminderTargets } from './reminder-rules';

/**
 * Queues each school's reminders of the Mexico City day: one statement per school, repeated
 * every pass (the dedupe key makes a repeat write nothing), so a restart or a missed pass
 * loses nothing of the day. Quiet hours are the sender's: it holds what is queued at night.
 */
export class ReminderPlanner {
  private readonly loop: WorkLoop;
  private readonly db: NotificationsDb;
  private readonly now: () => Date;

  constructor(db: NotificationsDb, logger: Logger, intervalMs: number, now: () => Date) {
    this.db = db;
    this.now = now;
    this.loop = new WorkLoop({
      name: 'reminder planner',
      pass: async () => {
        await this.planToday();
        return { more: false };
      },
      idleMs: intervalMs,
      logger,
    });
  }

  start = () => this.loop.start();
  stop = () => this.loop.stop();

  /** One planning pass; returns how many orders it reminded. */
  async planToday(): Promise<number> {
    const now = this.now();
    const day = mexicoCityDate(now);
    let reminded = 0;
    for (const schoolId of await schoolsWithOpenReceivables(this.db)) {
      const schedule = await scheduleOf(this.db, schoolId);
      const orders = await planReminders(this.db, {
        schoolId,
        day,
        now,
        channels: schedule.channels,
        selection: { targets: reminderTargets(schedule, day) },
      });
      reminded += orders.length;
    }
    return reminded;
  }
}
