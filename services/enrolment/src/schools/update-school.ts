import type { UpdateSchool } from '@cuota/contracts/enrolment/schools';
import type { Executor } from '@cuota/messaging/transaction';
import type { UploadedImage } from '@cuota/service-runtime/http/image-upload';
import { deleteImage, storeImage } from '../uploads/uploaded-image-repository';
import { replaceLogoImage, saveSchool, schoolRow } from './school-repository';
import { formChanges } from './school-rules';

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

/** One logo per school: the new image replaces the old one, which is deleted. */
async function replaceLogo(tx: Executor, schoolId: string, logo: UploadedImage): Promise<void> {
  const previous = await replaceLogoImage(tx, schoolId, await storeImage(tx, logo));
  if (previous) await deleteImage(tx, previous);
}
