import { z } from 'zod';
import {
  LOGO_CONTENT_TYPES,
  LOGO_MAX_BYTES,
  updateSchoolSchema,
  type SchoolDetail,
} from '@cuota/contracts/enrolment/schools';

/**
 * A text input checked with the service's own rule for that field (same Spanish message);
 * an empty input is allowed where the service treats "" as "clear it".
 */
const checkedBy = (rule: z.ZodType) =>
  z.string().superRefine((value, ctx) => {
    const result = rule.safeParse(value);
    if (!result.success) ctx.addIssue({ code: 'custom', message: result.error.issues[0]!.message });
  });

const rules = updateSchoolSchema.shape;

export const schoolFormSchema = z.object({
  name: checkedBy(rules.name.unwrap()),
  legal_name: checkedBy(rules.legal_name),
  tax_id: checkedBy(rules.tax_id),
  tax_regime: checkedBy(rules.tax_regime),
  tax_zip_code: checkedBy(rules.tax_zip_code),
  contact_email: checkedBy(rules.contact_email),
  contact_phone: checkedBy(rules.contact_phone),
  address: checkedBy(rules.address),
  use_kushki_sandbox: z.boolean(),
});
export type SchoolFormValues = z.infer<typeof schoolFormSchema>;

/** The privacy notice's own form: empty brings back the default notice. */
export const privacyNoticeFormSchema = z.object({
  privacy_notice: checkedBy(rules.privacy_notice),
});
export type PrivacyNoticeFormValues = z.infer<typeof privacyNoticeFormSchema>;

export function formValuesOf(school: SchoolDetail): SchoolFormValues {
  return {
    name: school.name,
    legal_name: school.legal_name ?? '',
    tax_id: school.tax_id ?? '',
    tax_regime: school.tax_regime ?? '',
    tax_zip_code: school.tax_zip_code ?? '',
    contact_email: school.contact_email ?? '',
    contact_phone: school.contact_phone ?? '',
    address: school.address ?? '',
    use_kushki_sandbox: school.config_dashboard.use_kushki_sandbox,
  };
}

/** The multipart body the service reads: every field as text, the logo as a file. */
export function toFormData(values: SchoolFormValues, logo: File | null): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) form.append(key, String(value));
  if (logo) form.append('logo', logo, logo.name);
  return form;
}

/** The checks the service makes again (by the file's bytes there): type, then size. */
export function logoProblem(file: File): string | null {
  if (!(LOGO_CONTENT_TYPES as readonly string[]).includes(file.type))
    return 'El logo debe ser una imagen PNG, JPEG o WebP.';
  if (file.size > LOGO_MAX_BYTES) return 'El logo pesa más de 2 MB. Sube una imagen más ligera.';
  return null;
}
