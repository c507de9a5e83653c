/** The query parameter a reminder's link carries (spec: the portal opens it on any page). */
export const NOTIFICATION_PARAM = 'notification_id';

/**
 * `to` with the current page's notification_id, if it has one: a family signed out when it
 * followed a reminder's link keeps it through the sign-in, so the portal can still open it.
 */
export function withNotification(to: string, currentSearch: string): string {
  const notificationId = new URLSearchParams(currentSearch).get(NOTIFICATION_PARAM);
  if (!notificationId) return to;
  const separator = to.includes('?') ? '&' : '?';
  return `${to}${separator}${NOTIFICATION_PARAM}=${encodeURIComponent(notificationId)}`;
}
