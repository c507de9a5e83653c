import type { SchoolStatus } from '@cuota/contracts/enrolment/entities';
import {
  canMoveSchool,
  SCHOOL_STATUS_LABELS,
  type SchoolConfig,
  type UpdateSchool,
} from '@cuota/contracts/enrolment/schools';
import { conflict, type HttpError } from '@cuota/service-runtime/http/http-error';

/** Only an operating school faces the public; one onboarding, paused or closed shows nothing. */
export const PUBLIC_STATUSES: readonly SchoolStatus[] = ['operando'];

/** The logo travels through the BFF; `?v=` changes with the image so caches refresh. */
export const logoPath = (schoolId: string, imageId: string) =>
  `/api/v1/schools/${schoolId}/logo/?v=${imageId}`;

/** The dashboard configuration as stored (jsonb): anything but an object reads as empty. */
export function dashboardConfig(stored: unknown): Record<string, unknown> {
  return stored && typeof stored === 'object' && !Array.isArray(stored)
    ? (stored as Record<string, unknown>)
    : {};
}

export const useKushkiSandbox = (stored: unknown): boolean =>
  dashboardConfig(stored).use_kushki_sandbox === true;

/** The columns a school row has, as the rules change them (undefined = unchanged). */
export interface SchoolChanges {
  name?: string;
  kind?: string;
  status?: string;
  configDashboard?: Record<string, unknown>;
  legalName?: string | null;
  taxId?: string | null;
  taxRegime?: string | null;
  taxZipCode?: string | null;
  contactEmail?: string | null;
  contactPhone?: string | null;
  address?: string | null;
  privacyNotice?: string | null;
  gatewayCredentialsRef?: string | null;
}

/** The dashboard's school form: only the fields sent change; the sandbox switch is config. */
export function formChanges(input: UpdateSchool, storedConfig: unknown): SchoolChanges {
  const { use_kushki_sandbox, ...fields } = input;
  return {
    name: fields.name,
    legalName: fields.legal_name,
    taxId: fields.tax_id,
    taxRegime: fields.tax_regime,
    taxZipCode: fields.tax_zip_code,
    contactEmail: fields.contact_email,
    contactPhone: fields.contact_phone,
    address: fields.address,
    privacyNotice: fields.privacy_notice,
    ...(use_kushki_sandbox === undefined
      ? {}
      : { configDashboard: { ...dashboardConfig(storedConfig), use_kushki_sandbox } }),
  };
}

/** Why the status move is refused (SCHOOL_STATUS_TRANSITIONS), or null when it is allowed. */
export function statusMoveRefusal(from: SchoolStatus, to: SchoolStatus): HttpError | null {
  if (canMoveSchool(from, to)) return null;
  return conflict(
    `Una escuela «${SCHOOL_STATUS_LABELS[from]}» no puede pasar a «${SCHOOL_STATUS_LABELS[to]}».`,
  );
}

/** The back office's configuration, once its status move is allowed. */
export function configChanges(
  from: SchoolStatus,
  config: SchoolConfig,
  storedConfig: unknown,
): SchoolChanges {
  const refusal = statusMoveRefusal(from, config.status);
  if (refusal) throw refusal;
  return {
    kind: config.kind,
    status: config.status,
    configDashboard: { ...dashboardConfig(storedConfig), ...config.config_dashboard },
    gatewayCredentialsRef: config.gateway_credentials_ref,
  };
}
