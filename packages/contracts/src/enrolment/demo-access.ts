import { z } from 'zod';
import { staffRoleSchema } from '@cuota/contracts/enrolment/entities';

/** What the enrolment seed prints (one JSON line): who to sign in as on the demo school. */
export const demoAccessSchema = z.object({
  school_id: z.string(),
  school_name: z.string(),
  guardian_id: z.string(),
  guardian_hash: z.string(),
  guardian_email: z.string(),
  guardian_name: z.string(),
  /** Their dependents' full names as enrolment holds them. */
  dependent_names: z.array(z.string()),
  /** A guardian of another family: tests prove the first cannot read them. */
  other_guardian_id: z.string(),
  staff: z.array(z.object({ email: z.string(), role: staffRoleSchema })),
  staff_password: z.string(),
  /** Cuota's platform operator (no school; the backoffice rows of ADR 0045), same password. */
  operator_email: z.string(),
});
export type DemoAccess = z.infer<typeof demoAccessSchema>;
