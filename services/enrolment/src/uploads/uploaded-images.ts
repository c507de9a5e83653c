import { eq } from 'drizzle-orm';
import type { Response } from 'express';
import type { Executor } from '@cuota/messaging/transaction';
import { uploadedImages } from '../schema';
import type { UploadedImage } from './image-upload';

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

/**
 * Sends a stored image. Its id is in the URL the client got (`?v=`), so the bytes behind a
 * URL never change: a private cache may keep them. nosniff: the browser must not guess.
 */
export async function sendImage(db: Executor, res: Response, id: string): Promise<boolean> {
  const [image] = await db.select().from(uploadedImages).where(eq(uploadedImages.id, id));
  if (!image) return false;
  res
    .status(200)
    .set({
      'content-type': image.contentType,
      'content-length': String(image.bytes.length),
      'cache-control': 'private, max-age=86400',
      etag: `"${image.id}"`,
      'x-content-type-options': 'nosniff',
    })
    .end(image.bytes);
  return true;
}
