import { z } from 'zod';
import {
  educationLevelSchema,
  onboardingStageSchema,
  riskLevelSchema,
  schoolSummarySchema,
  studentStatusSchema,
} from '@cuota/contracts/enrolment/entities';

/** Spec §3 "Guardian inside a dependent": billable only with id, billing_name and tax_id. */
export const dependentGuardianSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  relationship: z.string().nullable(),
  billing_name: z.string().nullable(),
  tax_id: z.string().nullable(),
});
export type DependentGuardian = z.infer<typeof dependentGuardianSchema>;

export const dependentSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  school_id: z.string(),
  level: educationLevelSchema,
  section: z.object({ id: z.string(), name: z.string() }).nullable(),
  status: studentStatusSchema,
  guardians: z.array(dependentGuardianSchema),
  billing_guardian: z.object({ id: z.string() }).nullable(),
});
export type Dependent = z.infer<typeof dependentSchema>;

/** guardian.me and GET /api/v1/guardians/me/. */
export const guardianMeSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  guardian_hash: z.string(),
  onboarding_stage: onboardingStageSchema,
  fraud_status: riskLevelSchema,
  schools: z.array(schoolSummarySchema),
  dependents: z.array(dependentSchema),
});
export type GuardianMe = z.infer<typeof guardianMeSchema>;

/** guardian.featuresToggle and GET /api/v1/portal/features/: the names of enabled features. */
export const portalFeaturesSchema = z.array(z.string());
export type PortalFeatures = z.infer<typeof portalFeaturesSchema>;
