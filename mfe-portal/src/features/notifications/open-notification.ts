import { openNotification as openNotificationProcedure } from '@cuota/contracts/identity/endpoints';
import { trpcMutation } from '@cuota/web-core/api/trpc';

/** Marks the family's notification opened (guardian.openNotification; the BFF checks it is theirs). */
export const openNotification = (notificationId: string) =>
  trpcMutation(openNotificationProcedure, { notificationId });
