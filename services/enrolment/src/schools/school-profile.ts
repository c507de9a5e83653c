import type { EducationLevel, SchoolKind, SchoolStatus } from '@cuota/contracts/enrolment/entities';
import type { SchoolDetail, SchoolPublicFace } from '@cuota/contracts/enrolment/schools';
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

/** GET /api/v1/schools/{id}/public/: the store's and the privacy notice's view of a school. */
export async function schoolPublicFace(db: Executor, id: string): Promise<SchoolPublicFace> {
  const [school, logoImageId] = await Promise.all([schoolRow(db, id), logoImageOf(db, id)]);
  return {
    id: school.id,
    name: school.name,
    legal_name: school.legalName,
    address: school.address,
    contact_email: school.contactEmail,
    contact_phone: school.contactPhone,
    logo_url: logoImageId ? logoPath(school.id, logoImageId) : null,
    privacy_notice: school.privacyNotice,
  };
}
