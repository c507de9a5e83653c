import { z } from 'zod';
import { educationLevelSchema } from '@cuota/contracts/enrolment/entities';
import { calendarDateSchema } from '@cuota/contracts/common/money';
import { periodSchema } from '@cuota/contracts/billing/concepts';

/** GET …/billing_figures/: the month whose billing is measured (default: this month). */
export const monthFiguresQuerySchema = z.strictObject({ month: periodSchema.optional() });
export type MonthFiguresQuery = z.infer<typeof monthFiguresQuerySchema>;

const centavos = z.number().int();

/** How many families Inicio lists as the most overdue. */
export const TOP_OVERDUE_FAMILIES = 5;

/**
 * Inicio's billing figures (issue 23). `levels`: the month's billing (orders due in the month,
 * not cancelled) and how much of it is paid, per level, so collected ÷ billed is the month's
 * collection rate. `not_due_centavos`: what open orders still owe before their due date (what
 * is past due, with late fees, is the delinquency report's). `top_overdue`: the families that
 * owe the most past due, before late fees, each with its students.
 */
export const monthFiguresSchema = z.object({
  month: periodSchema,
  as_of: calendarDateSchema,
  levels: z.array(
    z.object({
      level: educationLevelSchema.nullable(),
      billed_centavos: centavos,
      collected_centavos: centavos,
    }),
  ),
  not_due_centavos: centavos,
  top_overdue: z.array(
    z.object({
      /** The billing guardian, or the student when it has none: one family a row. */
      family_id: z.string(),
      /** Who is billed, by name; null when the students have nobody billed or no name is known yet. */
      guardian: z
        .object({ id: z.string(), first_name: z.string(), last_name: z.string() })
        .nullable(),
      overdue_centavos: centavos,
      students: z.array(
        z.object({ id: z.string(), first_name: z.string(), last_name: z.string() }),
      ),
    }),
  ),
});
export type MonthFigures = z.infer<typeof monthFiguresSchema>;
