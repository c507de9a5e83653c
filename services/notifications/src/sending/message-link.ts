import { SHORT_LINK_PATH } from '@cuota/contracts/notifications/short-links';
import type { Executor } from '@cuota/messaging/transaction';
import type { NotificationRow } from '../guardian-notifications/notification-repository';
import { shortLinkOf } from '../short-links/short-link-repository';
import { portalLink } from './portal-link';

/**
 * The link a message carries (ADR 0084): the family's portal page in an e-mail; on WhatsApp
 * its short link (`/l/{code}` on the BFF), which a message's length and a phone's screen favour.
 */
export async function messageLink(
  db: Executor,
  row: NotificationRow,
  portal: { portalUrl: string; guardianHash: string | null; now: Date },
): Promise<string> {
  const page = portalLink(portal.portalUrl, row, portal.guardianHash);
  if (row.channel === 'MAIL') return page;
  const url = new URL(page);
  const code = await shortLinkOf(db, {
    notificationId: row.id,
    guardianId: row.guardianId,
    target: `${url.pathname}${url.search}`,
    now: portal.now,
  });
  return shortLinkUrl(portal.portalUrl, code);
}

/** Where a short link's code is followed: the BFF's `/l/{code}`. */
export const shortLinkUrl = (portalUrl: string, code: string) =>
  new URL(SHORT_LINK_PATH.replace('{code}', code), portalUrl).toString();
