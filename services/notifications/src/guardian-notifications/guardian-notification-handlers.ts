import {
  schoolNotifications,
  openGuardianNotification,
  replaceGuardianNotification,
  UNKNOWN_NOTIFICATION,
  updateGuardianNotification,
} from '@cuota/contracts/notifications/endpoints';
import type { GuardianNotification } from '@cuota/contracts/notifications/entities';
import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import { forbidden, notFound } from '@cuota/service-runtime/http/http-error';
import { implement } from '@cuota/service-runtime/http/endpoint-handlers';
import type { NotificationsDb } from '../notifications-db';
import {
  markOpened,
  notificationOfGuardian,
  type NotificationRow,
} from './notification-repository';
import { schoolLog } from './school-log-repository';

const iso = (at: Date | null) => at?.toISOString() ?? null;

export function toGuardianNotification(row: NotificationRow): GuardianNotification {
  return {
    id: row.id,
    school_id: row.schoolId,
    channel: row.channel,
    template: row.template,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    sent_at: iso(row.sentAt),
    delivered_at: iso(row.deliveredAt),
    read_at: iso(row.readAt),
    opened_at: iso(row.openedAt),
  };
}

function guardianIdOf(caller: IdentityClaims): string {
  if (caller.kind !== 'guardian') throw forbidden();
  return caller.guardian_id;
}

/**
 * A guardian opens their own notification (the portal's `notification_id`, the tRPC
 * procedure, PUT/PATCH): the first time is kept. Another family's is a 404 like an unknown id.
 */
export function guardianNotificationHandlers(db: NotificationsDb, now: () => Date) {
  const open = async (id: string, caller: IdentityClaims, opened: boolean) => {
    const guardianId = guardianIdOf(caller);
    const row = opened
      ? await markOpened(db, id, guardianId, now())
      : await notificationOfGuardian(db, id, guardianId);
    if (!row) throw notFound(UNKNOWN_NOTIFICATION);
    return toGuardianNotification(row);
  };
  return [
    implement(openGuardianNotification, ({ params, caller }) => open(params.id, caller, true)),
    implement(replaceGuardianNotification, ({ params, caller }) => open(params.id, caller, true)),
    implement(updateGuardianNotification, ({ params, body, caller }) =>
      open(params.id, caller, body.opened === true),
    ),
    // Staff: the school is the path's, checked by the endpoint's access (another school: 404).
    implement(schoolNotifications, async ({ params, query }) => {
      const { count, rows } = await schoolLog(db, params.schoolId, query);
      return { count, page: query.page, page_size: query.page_size, results: rows };
    }),
  ];
}
