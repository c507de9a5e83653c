import { useEffect } from 'react';
import { useSearchParams } from 'react-router';

/** The query parameter a reminder's link carries (spec: the portal opens it on any page). */
export const NOTIFICATION_PARAM = 'notification_id';

/**
 * A link from a reminder marks its notification opened, whatever page it leads to, and the
 * parameter leaves the address (so a reload or a shared link does not open it again). The
 * procedure's definition loads only then: most visits carry no notification.
 */
export function useNotificationFromLink(): void {
  const [params, setParams] = useSearchParams();
  const notificationId = params.get(NOTIFICATION_PARAM);
  useEffect(() => {
    if (!notificationId) return;
    setParams(
      (current) => {
        current.delete(NOTIFICATION_PARAM);
        return current;
      },
      { replace: true },
    );
    // A stale or foreign link still shows the page: nothing to tell the family.
    void import('./open-notification')
      .then(({ openNotification }) => openNotification(notificationId))
      .catch(() => undefined);
  }, [notificationId, setParams]);
}
