import { and, asc, count, eq, inArray, max } from 'drizzle-orm';
import { STORE_PHOTOS_PER_ITEM, type StoreItem } from '@cuota/contracts/billing/store';
import type { Executor } from '@cuota/messaging/transaction';
import { badRequest, notFound } from '@cuota/service-runtime/http/http-error';
import type { UploadedImage } from '@cuota/service-runtime/http/image-upload';
import { storeItemPhotos, storeItems } from '../schema';

/** The only code that reads or writes `store_item_photos` (ADR 0105). */
export const NO_PHOTO = 'No encontramos esta foto.';

export const photoUrl = (schoolId: string, photoId: string) =>
  `/api/v1/schools/${schoolId}/store-photos/${photoId}/`;

/** The photos of these items, in order, by item id (no bytes). */
export async function photosOfItems(
  db: Executor,
  schoolId: string,
  itemIds: string[],
): Promise<Map<string, StoreItem['photos']>> {
  const byItem = new Map<string, StoreItem['photos']>();
  if (itemIds.length === 0) return byItem;
  const rows = await db
    .select({ id: storeItemPhotos.id, itemId: storeItemPhotos.itemId })
    .from(storeItemPhotos)
    .where(inArray(storeItemPhotos.itemId, itemIds))
    .orderBy(asc(storeItemPhotos.position), asc(storeItemPhotos.createdAt));
  for (const row of rows) {
    const photos = byItem.get(row.itemId) ?? [];
    photos.push({ id: row.id, url: photoUrl(schoolId, row.id) });
    byItem.set(row.itemId, photos);
  }
  return byItem;
}

/** Locks the school's item so two uploads cannot both take the fourth place. */
async function lockItem(tx: Executor, schoolId: string, itemId: string): Promise<void> {
  const [item] = await tx
    .select({ id: storeItems.id })
    .from(storeItems)
    .where(and(eq(storeItems.id, itemId), eq(storeItems.schoolId, schoolId)))
    .for('update');
  if (!item) throw notFound('No encontramos este artículo.');
}

/** Appends a photo after the item's last; refused (400) when the item has 4 already. */
export async function addPhoto(
  tx: Executor,
  schoolId: string,
  itemId: string,
  image: UploadedImage,
): Promise<void> {
  await lockItem(tx, schoolId, itemId);
  const [taken] = await tx
    .select({ photos: count(), last: max(storeItemPhotos.position) })
    .from(storeItemPhotos)
    .where(eq(storeItemPhotos.itemId, itemId));
  if ((taken?.photos ?? 0) >= STORE_PHOTOS_PER_ITEM)
    throw badRequest(
      `Un artículo tiene como máximo ${STORE_PHOTOS_PER_ITEM} fotos: quita una antes de subir otra.`,
    );
  await tx.insert(storeItemPhotos).values({
    schoolId,
    itemId,
    position: (taken?.last ?? -1) + 1,
    contentType: image.contentType,
    bytes: image.bytes,
  });
}

export async function removePhoto(
  tx: Executor,
  schoolId: string,
  itemId: string,
  photoId: string,
): Promise<void> {
  await lockItem(tx, schoolId, itemId);
  const removed = await tx
    .delete(storeItemPhotos)
    .where(and(eq(storeItemPhotos.id, photoId), eq(storeItemPhotos.itemId, itemId)))
    .returning({ id: storeItemPhotos.id });
  if (removed.length === 0) throw notFound(NO_PHOTO);
}

/** Puts the item's photos in the order given: every one of its photos, each once (else 400). */
export async function orderPhotos(
  tx: Executor,
  schoolId: string,
  itemId: string,
  photoIds: string[],
): Promise<void> {
  await lockItem(tx, schoolId, itemId);
  const current = await tx
    .select({ id: storeItemPhotos.id })
    .from(storeItemPhotos)
    .where(eq(storeItemPhotos.itemId, itemId));
  const known = new Set(current.map((p) => p.id));
  if (new Set(photoIds).size !== known.size || photoIds.some((id) => !known.has(id)))
    throw badRequest('Ordena todas las fotos del artículo, cada una una vez.');
  for (const [position, id] of photoIds.entries())
    await tx.update(storeItemPhotos).set({ position }).where(eq(storeItemPhotos.id, id));
}

/** One photo's bytes, only under the school that owns it. */
export async function photoBytes(db: Executor, schoolId: string, photoId: string) {
  const [photo] = await db
    .select({ contentType: storeItemPhotos.contentType, bytes: storeItemPhotos.bytes })
    .from(storeItemPhotos)
    .where(and(eq(storeItemPhotos.id, photoId), eq(storeItemPhotos.schoolId, schoolId)));
  return photo ?? null;
}
