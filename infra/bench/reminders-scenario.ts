import os from 'node:os';
import type { RemindersBenchResult } from '../../services/notifications/src/bench/reminders-bench.ts';
import { runBenchChild } from './bench-child.ts';
import { writeSection } from './benchmarks-doc.ts';

/**
 * Issue 22's "100,000 reminders generated and queued for one morning": seconds to plan them
 * and the send rate sustained against the SMTP and WhatsApp sandboxes (ADR 0064, 0075).
 */
export async function remindersScenario(): Promise<void> {
  const reminders = Number(process.env.BENCH_REMINDERS ?? 100_000);
  const senders = Number(process.env.BENCH_REMINDER_SENDERS ?? 4);
  const loadBefore = os.loadavg()[0]!.toFixed(1);
  const r = await runBenchChild<RemindersBenchResult>(
    'notifications',
    'services/notifications/dist/notifications-bench-main.cjs',
    { BENCH_REMINDERS: String(reminders), BENCH_REMINDER_SENDERS: String(senders) },
  );
  const fmt = (n: number) => n.toLocaleString('en-US');
  const report = `## Payment reminders for one morning

Command: \`npm run bench\` (scenario infra/bench/reminders-scenario.ts, measuring
services/notifications/src/bench/reminders-bench.ts), ${new Date().toISOString().slice(0, 10)},
load average ${loadBefore} before, ${os.loadavg()[0]!.toFixed(1)} after. ${fmt(r.orders)} orders
due in three days, each family reminded by e-mail and by WhatsApp: the planner's pass, then
${r.senders} senders on one database (as ${r.senders} instances), each sending its batch of 100 at
once over its own pooled SMTP transport (ADR 0084), to the SMTP and WhatsApp sandboxes,
billing's quote asked before each batch; a send that timed out is retried (the bench's clock
moves to the retry).

| reminders | planned in s | sent in s | reminders/s | sent on a retry | WhatsApp sent / numbers |
|---|---|---|---|---|---|
| ${fmt(r.reminders)} | **${r.planSeconds}** | ${r.sendSeconds} | **${fmt(r.remindersPerSecond)}** | ${fmt(r.retried)} | ${fmt(r.whatsapps)} / ${fmt(r.whatsappNumbers)} |`;
  writeSection('notifications-reminders', report);
  console.log(report);
}
