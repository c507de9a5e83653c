import type { SchoolStatus } from '@cuota/contracts/enrolment/entities';
import type { SchoolConfig, UpdateSchool } from '@cuota/contracts/enrolment/schools';
import type { Executor } from '@cuota/messaging/transaction';
import type { UploadedImage } from '../uploads/image-upload';
import { deleteImage, storeImage } from '../uploads/uploaded-image-repository';
import { replaceLogoImage, saveSchool, schoolRow } from './school-repository';
import { configChanges, formChanges } from './school-rules';

/** The dashboard's school form: data, fiscal data, contact, sandbox switch and logo. */
export async function updateSchool(
  tx: Executor,
  schoolId: string,
  input: UpdateSchool,
  logo: UploadedImage | null,
): Promise<void> {
  const current = await schoolRow(tx, schoolId, { lock: true });
  await saveSchool(tx, schoolId, formChanges(input, current.configDashboard));
  if (logo) await replaceLogo(tx, schoolId, logo);
}

/** The back office's school configuration: kind, status (by the transition table), gateway. */
export async function updateSchoolConfig(
  tx: Executor,
  schoolId: string,
  config: SchoolConfig,
): Promise<void> {
  const current = await schoolRow(tx, schoolId, { lock: true });
  const from = current.status as SchoolStatus;
  await saveSchool(tx, schoolId, configChanges(from, config, current.configDashboard));
}

/** One logo per school: the new image replaces the old one, which is deleted. */
async function replaceLogo(tx: Executor, schoolId: string, logo: UploadedImage): Promise<void> {
  const previous = await replaceLogoImage(tx, schoolId, await storeImage(tx, logo));
  if (previous) await deleteImage(tx, previous);
}
