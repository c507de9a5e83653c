import { z } from 'zod';
import { calendarDateSchema } from '@cuota/contracts/common/money';
import { educationLevelSchema } from '@cuota/contracts/enrolment/entities';

/** Days past due, as the delinquency report groups them (issue 17). */
export const AGING_BUCKETS = ['0_30', '31_60', '61_90', '90_plus'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];
export const AGING_BUCKET_LABELS: Record<AgingBucket, string> = {
  '0_30': '0–30 días',
  '31_60': '31–60 días',
  '61_90': '61–90 días',
  '90_plus': 'Más de 90 días',
};

/** What is overdue in each bucket, late fees as of the date included, and their sum. */
export const agingSchema = z.object({
  '0_30': z.number().int(),
  '31_60': z.number().int(),
  '61_90': z.number().int(),
  '90_plus': z.number().int(),
  total: z.number().int(),
});
export type Aging = z.infer<typeof agingSchema>;

/** GET …/schools/{id}/delinquency/: overdue money by age, per level and section. */
export const delinquencySchema = z.object({
  as_of: calendarDateSchema,
  totals: agingSchema.extend({ students: z.number().int() }),
  rows: z.array(
    agingSchema.extend({
      /** Null: students whose level enrolment has not set. */
      level: educationLevelSchema.nullable(),
      section_id: z.string().nullable(),
      /** Students with something overdue in this level and section. */
      students: z.number().int(),
    }),
  ),
});
export type Delinquency = z.infer<typeof delinquencySchema>;
