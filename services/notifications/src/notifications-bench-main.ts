import { runBenchMain } from '@cuota/testing/bench-main';
import { benchReminders } from './bench/reminders-bench';

/**
 * `node services/notifications/dist/notifications-bench-main.cjs` with optionally
 * BENCH_REMINDERS (100000) and BENCH_REMINDER_SENDERS (4): prints the result as one JSON line.
 * infra/bench/reminders-scenario.ts runs it.
 */
runBenchMain(() =>
  benchReminders(
    Number(process.env.BENCH_REMINDERS ?? 100_000),
    Number(process.env.BENCH_REMINDER_SENDERS ?? 4),
  ),
);
