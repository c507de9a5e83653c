import {
  EXPIRED_SHORT_LINK,
  followShortLink,
  shortUrl,
  UNKNOWN_SHORT_LINK,
} from '@cuota/contracts/notifications/short-links';
import { implement } from '@cuota/service-runtime/http/endpoint-handlers';
import { notFound } from '@cuota/service-runtime/http/http-error';
import { Reply } from '@cuota/service-runtime/http/reply';
import type { NotificationsDb } from '../notifications-db';
import { followLink } from './short-link-repository';

/**
 * Short links (ADR 0084): `/l/{code}` redirects to the family's portal page (its campaign
 * parameters and `notification_id` are part of it) and `short_urls` says where it leads; both
 * count the click. Unknown and expired links are Spanish 404s.
 */
export function shortLinkHandlers(db: NotificationsDb, now: () => Date) {
  const follow = async (code: string) => {
    const followed = await followLink(db, code, now());
    if (followed.found === 'link') return followed;
    throw notFound(followed.found === 'expired' ? EXPIRED_SHORT_LINK : UNKNOWN_SHORT_LINK);
  };
  return [
    implement(shortUrl, async ({ query }) => {
      const link = await follow(query.code);
      return {
        code: link.code,
        url: link.targetUrl,
        expires_at: link.expiresAt.toISOString(),
        clicks: link.clicks,
      };
    }),
    implement(followShortLink, async ({ params }) =>
      Reply.redirect((await follow(params.code)).targetUrl),
    ),
  ];
}
