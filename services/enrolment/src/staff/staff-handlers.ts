import type { EnrolmentContext } from '../enrolment-db';
import type { SendMail } from '../mail-sender';
import { adminHandlers } from './admin-handlers';
import { invitationSender } from './invitation-mail';
import { passwordResetSender } from './password-reset-mail';
import { staffUserHandlers } from './staff-user-handlers';

/** Staff: each school's members and their permissions, users as people, staff sign-in. */
export function staffHandlers(ctx: EnrolmentContext, sendMail: SendMail) {
  const sendInvitation = invitationSender(sendMail);
  return [
    ...adminHandlers(ctx, sendInvitation),
    ...staffUserHandlers(ctx, sendInvitation, passwordResetSender(sendMail)),
  ];
}
