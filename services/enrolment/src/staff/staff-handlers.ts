import type { EnrolmentContext } from '../enrolment-db';
import { adminHandlers } from './admin-handlers';
import { invitationSender } from './invitation-mail';
import { staffUserHandlers } from './staff-user-handlers';

/** Staff: each school's members and their permissions, users as people, staff sign-in. */
export function staffHandlers(ctx: EnrolmentContext) {
  // One sender (and SMTP connection) for every invitation the service mails.
  const sendInvitation = invitationSender(ctx.config, ctx.logger);
  return [...adminHandlers(ctx, sendInvitation), ...staffUserHandlers(ctx, sendInvitation)];
}
