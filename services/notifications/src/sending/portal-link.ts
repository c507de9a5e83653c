import type { NotificationTemplate } from '@cuota/contracts/notifications/entities';
import type { NotificationRow } from '../guardian-notifications/notification-repository';

/** The portal page each message leads to, under /guardians/{guardianHash}/. */
const LANDING: Record<NotificationTemplate, string> = {
  payment_reminder: 'payments',
  payment_received: '',
  onboarding_reminder: 'onboarding',
  wrong_data_reminder: 'onboarding',
  store_refunded: '',
  // Pagos shows the reference while the money is awaited (ADR 0089).
  payment_reference: 'payments',
};

/**
 * The family's own portal page with `notification_id` (opening it marks the notification
 * opened, spec §2) and the campaign parameters the portal carries on every link (ADR 0084).
 * With the guardian's hash (enrolment's, carried by its guardian events) the link is the
 * family's: its sign-in page when no session exists, the page itself once signed in. A copy
 * from before enrolment sent hashes has none: the portal's front page then.
 */
export function portalLink(
  portalUrl: string,
  row: Pick<NotificationRow, 'id' | 'template' | 'channel'>,
  guardianHash: string | null,
): string {
  const path = guardianHash ? `/guardians/${guardianHash}/${LANDING[row.template]}` : '/';
  const url = new URL(path, portalUrl);
  url.searchParams.set('notification_id', row.id);
  url.searchParams.set('utm_source', row.channel === 'MAIL' ? 'email' : 'whatsapp');
  url.searchParams.set('utm_medium', 'notificacion');
  url.searchParams.set('utm_campaign', row.template);
  return url.toString();
}
