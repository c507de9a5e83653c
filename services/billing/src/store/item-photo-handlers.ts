import {
  addStoreItemPhoto,
  removeStoreItemPhoto,
  storeItemPhoto,
} from '@cuota/contracts/billing/endpoints/store';
import {
  STORE_PHOTO_FIELD,
  STORE_PHOTO_MAX_BYTES,
  STORE_PHOTO_TYPES,
} from '@cuota/contracts/billing/store';
import { implement } from '@cuota/service-runtime/http/endpoint-handlers';
import { notFound } from '@cuota/service-runtime/http/http-error';
import { readImageUpload } from '@cuota/service-runtime/http/image-upload';
import { Reply } from '@cuota/service-runtime/http/reply';
import type { BillingDb } from '../billing-db';
import { itemOf } from './catalogue-repository';
import { addPhoto, NO_PHOTO, photoBytes, removePhoto } from './item-photo-repository';

/**
 * Store item photos (ADR 0105): staff with the store's write permission add (multipart field
 * «photo») and remove them; anyone may fetch one, by a URL whose bytes never change.
 */
export function itemPhotoHandlers(db: BillingDb) {
  return [
    implement(addStoreItemPhoto, async ({ params, req, res }) => {
      await itemOf(db, params.id, params.item);
      const image = await readImageUpload(req, res, {
        field: STORE_PHOTO_FIELD,
        maxBytes: STORE_PHOTO_MAX_BYTES,
        types: STORE_PHOTO_TYPES,
      });
      return db.transaction(async (tx) => {
        await addPhoto(tx, params.id, params.item, image);
        return itemOf(tx, params.id, params.item);
      });
    }),
    implement(removeStoreItemPhoto, ({ params }) =>
      db.transaction(async (tx) => {
        await removePhoto(tx, params.id, params.item, params.photo);
        return itemOf(tx, params.id, params.item);
      }),
    ),
    implement(storeItemPhoto, async ({ params, res }) => {
      const photo = await photoBytes(db, params.id, params.photo);
      if (!photo) throw notFound(NO_PHOTO);
      // A new photo gets a new id: the bytes behind this URL never change.
      res.setHeader('etag', `"${params.photo}"`);
      res.setHeader('x-content-type-options', 'nosniff');
      // Drawn by `<cuota-store>` on the school's own site: helmet's same-origin would block it.
      res.setHeader('cross-origin-resource-policy', 'cross-origin');
      return Reply.file({
        data: photo.bytes,
        contentType: photo.contentType,
        cacheControl: 'public, max-age=31536000, immutable',
      });
    }),
  ];
}
