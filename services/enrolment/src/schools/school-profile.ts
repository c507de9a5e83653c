import { eq } from 'drizzle-orm';
import type { SchoolKind, SchoolStatus } from '@cuota/contracts/enrolment/entities';
import type { SchoolDetail } from '@cuota/contracts/enrolment/schools';
import type { Executor } from '@cuota/messaging/transaction';
import { levels, schoolLogos, schools } from '../schema';

export type SchoolRow = typeof schools.$inferSelect;

/** The logo travels through the BFF; `?v=` changes with the image so caches refresh. */
export const logoPath = (schoolId: string, imageId: string) =>
  `/api/v1/schools/${schoolId}/logo/?v=${imageId}`;

export function useKushkiSandbox(row: SchoolRow): boolean {
  const config = row.configDashboard as { use_kushki_sandbox?: unknown } | null;
  return config?.use_kushki_sandbox === true;
}

export async function schoolDetail(db: Executor, id: string): Promise<SchoolDetail | null> {
  const [row] = await db
    .select({ school: schools, logoImageId: schoolLogos.imageId })
    .from(schools)
    .leftJoin(schoolLogos, eq(schoolLogos.schoolId, schools.id))
    .where(eq(schools.id, id));
  if (!row) return null;
  const { school } = row;
  const offered = await db
    .select({ id: levels.id, level: levels.level, name: levels.name })
    .from(levels)
    .where(eq(levels.schoolId, id))
    .orderBy(levels.position);
  return {
    id: school.id,
    name: school.name,
    kind: school.kind as SchoolKind,
    status: school.status as SchoolStatus,
    config_dashboard: { use_kushki_sandbox: useKushkiSandbox(school) },
    gateway_credentials: { reference: school.gatewayCredentialsRef },
    legal_name: school.legalName,
    tax_id: school.taxId,
    tax_regime: school.taxRegime,
    tax_zip_code: school.taxZipCode,
    contact_email: school.contactEmail,
    contact_phone: school.contactPhone,
    address: school.address,
    logo_url: row.logoImageId ? logoPath(school.id, row.logoImageId) : null,
    levels: offered as SchoolDetail['levels'],
  };
}
