import type { EducationLevel, SchoolKind, SchoolStatus } from '@cuota/contracts/enrolment/entities';
import type { SchoolDetail } from '@cuota/contracts/enrolment/schools';
import type { Executor } from '@cuota/messaging/transaction';
import { levelsOfSchool } from '../levels/level-repository';
import { logoImageOf, schoolRow } from './school-repository';
import { logoPath, useKushkiSandbox } from './school-rules';

/** GET /api/v1/schools/{id}/ (and what both school updates answer): data, config, levels. */
export async function schoolDetail(db: Executor, id: string): Promise<SchoolDetail> {
  const [school, logoImageId, offered] = await Promise.all([
    schoolRow(db, id),
    logoImageOf(db, id),
    levelsOfSchool(db, id),
  ]);
  return {
    id: school.id,
    name: school.name,
    kind: school.kind as SchoolKind,
    status: school.status as SchoolStatus,
    config_dashboard: { use_kushki_sandbox: useKushkiSandbox(school.configDashboard) },
    gateway_credentials: { reference: school.gatewayCredentialsRef },
    legal_name: school.legalName,
    tax_id: school.taxId,
    tax_regime: school.taxRegime,
    tax_zip_code: school.taxZipCode,
    contact_email: school.contactEmail,
    contact_phone: school.contactPhone,
    address: school.address,
    logo_url: logoImageId ? logoPath(school.id, logoImageId) : null,
    levels: offered.map((l) => ({ id: l.id, level: l.level as EducationLevel, name: l.name })),
  };
}
