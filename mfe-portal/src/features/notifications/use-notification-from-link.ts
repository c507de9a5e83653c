import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { NOTIFICATION_PARAM } from '@cuota/web-core/routing/notification-link';

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
