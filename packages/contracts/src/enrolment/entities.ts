import { z } from 'zod';

/** Spec §1: the five education levels. Spanish labels are how Mexican schools name them. */
export const EDUCATION_LEVELS = [
  'pre-school',
  'elementary',
  'middle',
  'middle-high',
  'high',
] as const;
export const educationLevelSchema = z.enum(EDUCATION_LEVELS);
export type EducationLevel = z.infer<typeof educationLevelSchema>;
export const EDUCATION_LEVEL_LABELS: Record<EducationLevel, string> = {
  'pre-school': 'Preescolar',
  elementary: 'Primaria',
  middle: 'Secundaria',
  'middle-high': 'Preparatoria',
  high: 'Universidad',
};

export const STUDENT_STATUSES = [
  'lead',
  'new_student',
  'active',
  'inactive',
  'graduated',
  'dropped_out',
] as const;
export const studentStatusSchema = z.enum(STUDENT_STATUSES);
export type StudentStatus = z.infer<typeof studentStatusSchema>;

export const SCHOOL_STATUSES = ['operando', 'baja', 'onboarding', 'paused'] as const;
export const schoolStatusSchema = z.enum(SCHOOL_STATUSES);
export type SchoolStatus = z.infer<typeof schoolStatusSchema>;

export const SCHOOL_KINDS = [
  'technical_school',
  'extracurricular',
  'university',
  'k12',
  'kindergarten',
  'demo',
  'events',
  'suppliers',
  'highschool',
  'external_sales',
] as const;
export const schoolKindSchema = z.enum(SCHOOL_KINDS);
export type SchoolKind = z.infer<typeof schoolKindSchema>;

export const STAFF_ROLES = [
  'OWNER',
  'GENERAL_DIRECTOR',
  'ADMINISTRATIVE_DIRECTOR',
  'ACCOUNTANT',
  'TREASURER',
  'ADMISSIONS',
  'CASH_COLLECTION',
  'OTHER',
] as const;
export const staffRoleSchema = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof staffRoleSchema>;

/** How a school's back office names each role (the dashboard, the invitation e-mail). */
export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  OWNER: 'Propietario',
  GENERAL_DIRECTOR: 'Director general',
  ADMINISTRATIVE_DIRECTOR: 'Director administrativo',
  ACCOUNTANT: 'Contador',
  TREASURER: 'Tesorero',
  ADMISSIONS: 'Admisiones',
  CASH_COLLECTION: 'Cobranza en caja',
  OTHER: 'Otro',
};

export const GENDERS = ['M', 'F'] as const;
export const genderSchema = z.enum(GENDERS);
export type Gender = z.infer<typeof genderSchema>;

export const ONBOARDING_STAGES = ['PROFILE', 'BILLING', 'CFDI', 'STUDENTS', 'COMPLETED'] as const;
export const onboardingStageSchema = z.enum(ONBOARDING_STAGES);
export type OnboardingStage = z.infer<typeof onboardingStageSchema>;

/** Spec §3 risk levels; a guardian's fraud_status is one of them (HighRisk = high_risk). */
export const RISK_LEVELS = [
  'no_risk',
  'low_risk',
  'medium_risk',
  'high_risk',
  'under_investigation',
] as const;
export const riskLevelSchema = z.enum(RISK_LEVELS);
export type RiskLevel = z.infer<typeof riskLevelSchema>;

export const ENROLMENT_LABELS = [
  'Inscrito',
  'Reinscrito',
  'Pendiente',
  'No inscrito',
  'NOT_AVAILABLE',
] as const;
export const enrolmentLabelSchema = z.enum(ENROLMENT_LABELS);
export type EnrolmentLabel = z.infer<typeof enrolmentLabelSchema>;

/** Spec §3 visibility: who sees a portal feature. */
export const VISIBILITIES = ['HIDDEN', 'STAFF', 'BETA', 'PUBLIC'] as const;
export const visibilitySchema = z.enum(VISIBILITIES);
export type Visibility = z.infer<typeof visibilitySchema>;

export const schoolSummarySchema = z.object({ id: z.string(), name: z.string() });
export type SchoolSummary = z.infer<typeof schoolSummarySchema>;
