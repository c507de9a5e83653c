import type { Logger } from '@cuota/service-runtime/logging/logger';
import { createMailer, type Mailer, type OutgoingMail } from '@cuota/service-runtime/mail/mailer';
import type { ServiceConfig } from '@cuota/service-host/service-config';

/**
 * Sends one of enrolment's e-mails (`what` names it in the log), written for the site's public
 * URL (its links point there). Called after the transaction behind the mail committed.
 */
export type SendMail = (
  what: string,
  write: (publicUrl: string) => OutgoingMail,
) => Promise<boolean>;

/**
 * One SMTP connection for every e-mail the service sends (staff invitations, password resets,
 * sign-up confirmations). A failed send is logged, never thrown: what it tells about is
 * already committed. Without SMTP_URL and PUBLIC_URL nothing is sent.
 */
export function mailSender(config: ServiceConfig, logger: Logger): SendMail {
  const { smtpUrl, publicUrl } = config;
  let mailer: Mailer | null = null;
  return async (what, write) => {
    if (!smtpUrl || !publicUrl) {
      logger.warn(`${what} not e-mailed: SMTP_URL or PUBLIC_URL unset`);
      return false;
    }
    mailer ??= createMailer(smtpUrl, config.mailFrom ?? 'Cuota <no-responder@cuota.mx>');
    const mail = write(publicUrl);
    try {
      await mailer.send(mail);
      logger.info({ to: mail.to }, `${what} e-mailed`);
      return true;
    } catch (err) {
      logger.error({ err, to: mail.to }, `${what} e-mail failed`);
      return false;
    }
  };
}
