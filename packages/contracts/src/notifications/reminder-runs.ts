import { z } from 'zod';
import { staffOnly } from '@cuota/contracts/access/access';
import { defineEndpoint } from '@cuota/contracts/http/endpoint';

const schoolReminderRunSchema = z.strictObject({ school_id: z.uuid('Elige una escuela válida.') });

/** paidreminder: the orders due from today to `days` days ahead. */
export const upcomingReminderRunSchema = schoolReminderRunSchema.extend({
  days: z
    .number('Escribe los días como un número.')
    .int('Escribe los días como un número entero.')
    .min(0, 'Los días van de 0 a 30.')
    .max(30, 'Los días van de 0 a 30.')
    .default(3),
});

export const reminderRunResultSchema = z.object({
  /** Orders (families, for onboarding and wrong_data) reminded now, on each of the school's
   * channels (never twice in one day). */
  queued: z.number().int().nonnegative(),
});
export type ReminderRunResult = z.infer<typeof reminderRunResultSchema>;

/** Internal rows (ADR 0014, 0075): a school's systems with a staff session that edits charges. */
const reminderRun = {
  domain: 'notifications',
  surface: 'internal',
  access: staffOnly('billing.write'),
  spec: 'spec',
  response: reminderRunResultSchema,
  status: 202,
} as const;

export const delinquencyReminders = defineEndpoint({
  ...reminderRun,
  name: 'notifications.reminders.delinquency',
  method: 'POST',
  // The spec's spelling.
  path: '/api/v1/internal/reminders/deliquency/',
  summary: 'Recordar ahora a las familias sus órdenes vencidas',
  body: schoolReminderRunSchema,
});

export const upcomingReminders = defineEndpoint({
  ...reminderRun,
  name: 'notifications.reminders.paid-reminder',
  method: 'POST',
  path: '/api/v1/internal/reminders/paidreminder/',
  summary: 'Recordar ahora el pago de las órdenes que vencen en los próximos días',
  body: upcomingReminderRunSchema,
});

/**
 * Family runs (ADR 0084): guardians of the school, not their orders. Whoever registers and
 * edits guardians asks the families to finish or correct them.
 */
const familyRun = { ...reminderRun, access: staffOnly('guardians.write') } as const;

export const onboardingReminders = defineEndpoint({
  ...familyRun,
  name: 'notifications.reminders.onboarding',
  method: 'POST',
  path: '/api/v1/internal/reminders/onboarding/',
  summary: 'Recordar a las familias que no han terminado su registro en el portal',
  body: schoolReminderRunSchema,
});

export const wrongDataReminders = defineEndpoint({
  ...familyRun,
  name: 'notifications.reminders.wrong-data',
  method: 'POST',
  path: '/api/v1/internal/reminders/wrong_data/',
  summary: 'Pedir a las familias que corrijan los datos fiscales que el SAT rechazaría',
  body: schoolReminderRunSchema,
});

export const REMINDER_RUN_ENDPOINTS = [
  delinquencyReminders,
  upcomingReminders,
  onboardingReminders,
  wrongDataReminders,
] as const;
