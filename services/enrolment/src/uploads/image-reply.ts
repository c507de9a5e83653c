import type { Response } from 'express';
import { Reply } from '@cuota/service-runtime/http/reply';
import type { StoredImage } from './uploaded-image-repository';

/**
 * A stored image as an answer. Its id is in the URL the client got (`?v=`), so the bytes
 * behind a URL never change: a private cache may keep them. nosniff: the browser must not
 * guess another type than the one its bytes were checked to be.
 */
export function imageReply(res: Response, image: StoredImage): Reply {
  res.setHeader('etag', `"${image.id}"`);
  res.setHeader('x-content-type-options', 'nosniff');
  return Reply.file({
    data: image.bytes,
    contentType: image.contentType,
    cacheControl: 'private, max-age=86400',
  });
}
