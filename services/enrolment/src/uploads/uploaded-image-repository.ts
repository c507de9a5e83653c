import { eq } from 'drizzle-orm';
import type { Executor } from '@cuota/messaging/transaction';
import { uploadedImages } from '../schema';
import type { UploadedImage } from '@cuota/service-runtime/http/image-upload';

/**
 * The only code that reads or writes `uploaded_images` (school logos, student photos). An
 * image belongs to the row that points at it, which changes with it in one transaction;
 * images publish no event of their own.
 */
export type StoredImage = typeof uploadedImages.$inferSelect;

export async function storeImage(tx: Executor, image: UploadedImage): Promise<string> {
  const [row] = await tx
    .insert(uploadedImages)
    .values({ contentType: image.contentType, bytes: image.bytes })
    .returning({ id: uploadedImages.id });
  return row!.id;
}

export async function deleteImage(tx: Executor, id: string): Promise<void> {
  await tx.delete(uploadedImages).where(eq(uploadedImages.id, id));
}

export async function imageById(db: Executor, id: string): Promise<StoredImage | null> {
  const [image] = await db.select().from(uploadedImages).where(eq(uploadedImages.id, id));
  return image ?? null;
}
