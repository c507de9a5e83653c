import { eq } from 'drizzle-orm';
import type { SchoolKind, SchoolStatus } from '@cuota/contracts/enrolment/entities';
import {
  canMoveSchool,
  SCHOOL_STATUS_LABELS,
  type SchoolConfig,
  type UpdateSchool,
} from '@cuota/contracts/enrolment/schools';
import { schoolUpdatedV1 } from '@cuota/contracts/events/enrolment.school.updated.v1';
import { enqueueEvent } from '@cuota/messaging/outbox/enqueue-event';
import type { Executor } from '@cuota/messaging/transaction';
import { conflict, notFound } from '@cuota/service-runtime/http/http-error';
import { schoolLogos, schools } from '../schema';
import type { UploadedImage } from '../uploads/image-upload';
import { deleteImage, storeImage } from '../uploads/uploaded-images';
import { UNKNOWN_SCHOOL } from './school-access';
import { useKushkiSandbox, type SchoolRow } from './school-profile';

type SchoolChanges = Partial<typeof schools.$inferInsert>;

/** The dashboard's school form: data, fiscal data, contact, sandbox switch and logo. */
export async function updateSchool(
  tx: Executor,
  schoolId: string,
  input: UpdateSchool,
  logo: UploadedImage | null,
): Promise<void> {
  const current = await lockSchool(tx, schoolId);
  const { use_kushki_sandbox, ...fields } = input;
  const changes: SchoolChanges = {
    name: fields.name,
    legalName: fields.legal_name,
    taxId: fields.tax_id,
    taxRegime: fields.tax_regime,
    taxZipCode: fields.tax_zip_code,
    contactEmail: fields.contact_email,
    contactPhone: fields.contact_phone,
    address: fields.address,
  };
  if (use_kushki_sandbox !== undefined)
    changes.configDashboard = { ...configOf(current), use_kushki_sandbox };
  await saveSchool(tx, schoolId, changes);
  if (logo) await replaceLogo(tx, schoolId, logo);
}

/** The backoffice's school configuration: kind, status (by the transition table), gateway. */
export async function updateSchoolConfig(
  tx: Executor,
  schoolId: string,
  config: SchoolConfig,
): Promise<void> {
  const current = await lockSchool(tx, schoolId);
  const from = current.status as SchoolStatus;
  if (!canMoveSchool(from, config.status))
    throw conflict(
      `Una escuela «${SCHOOL_STATUS_LABELS[from]}» no puede pasar a «${SCHOOL_STATUS_LABELS[config.status]}».`,
    );
  await saveSchool(tx, schoolId, {
    kind: config.kind,
    status: config.status,
    configDashboard: { ...configOf(current), ...config.config_dashboard },
    gatewayCredentialsRef: config.gateway_credentials_ref,
  });
}

async function lockSchool(tx: Executor, schoolId: string): Promise<SchoolRow> {
  const [row] = await tx.select().from(schools).where(eq(schools.id, schoolId)).for('update');
  if (!row) throw notFound(UNKNOWN_SCHOOL);
  return row;
}

const configOf = (row: SchoolRow) => (row.configDashboard ?? {}) as Record<string, unknown>;

/** Writes the changes (undefined = unchanged) and tells the other domains. */
async function saveSchool(tx: Executor, schoolId: string, changes: SchoolChanges): Promise<void> {
  const [row] = await tx
    .update(schools)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(schools.id, schoolId))
    .returning();
  await enqueueEvent(tx, schoolUpdatedV1, {
    school_id: row!.id,
    name: row!.name,
    kind: row!.kind as SchoolKind,
    status: row!.status as SchoolStatus,
    use_kushki_sandbox: useKushkiSandbox(row!),
    gateway_credentials_ref: row!.gatewayCredentialsRef,
    legal_name: row!.legalName,
    tax_id: row!.taxId,
    tax_regime: row!.taxRegime,
    tax_zip_code: row!.taxZipCode,
  });
}

/** One logo per school: the new image replaces the old one, which is deleted. */
async function replaceLogo(tx: Executor, schoolId: string, logo: UploadedImage): Promise<void> {
  const imageId = await storeImage(tx, logo);
  const [previous] = await tx
    .select({ imageId: schoolLogos.imageId })
    .from(schoolLogos)
    .where(eq(schoolLogos.schoolId, schoolId));
  await tx
    .insert(schoolLogos)
    .values({ schoolId, imageId })
    .onConflictDoUpdate({ target: schoolLogos.schoolId, set: { imageId } });
  if (previous) await deleteImage(tx, previous.imageId);
}
