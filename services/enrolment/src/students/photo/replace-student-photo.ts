import type { Executor } from '@cuota/messaging/transaction';
import type { UploadedImage } from '@cuota/service-runtime/http/image-upload';
import { deleteImage, storeImage } from '../../uploads/uploaded-image-repository';
import { lockStudent, saveStudent } from '../student-repository';

/** The new photo replaces the previous one, which is deleted in the same transaction. */
export async function replaceStudentPhoto(
  tx: Executor,
  studentId: string,
  image: UploadedImage,
): Promise<void> {
  const before = await lockStudent(tx, studentId);
  const imageId = await storeImage(tx, image);
  await saveStudent(tx, studentId, { photoImageId: imageId });
  if (before?.photoImageId) await deleteImage(tx, before.photoImageId);
}
