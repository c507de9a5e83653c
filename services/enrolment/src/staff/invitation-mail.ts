import { STAFF_ROLE_LABELS, type StaffRole } from '@cuota/contracts/enrolment/entities';
import type { Logger } from '@cuota/service-runtime/logging/logger';
import {
  createMailer,
  escapeHtml,
  type Mailer,
  type OutgoingMail,
} from '@cuota/service-runtime/mail/mailer';
import type { ServiceConfig } from '@cuota/service-host/service-config';

export const INVITATION_SUBJECT = 'Te invitaron al panel escolar de Cuota';

export interface InvitationMailInput {
  to: string;
  name: string;
  schoolName: string;
  role: StaffRole;
  token: string;
  expiresAt: string;
}

/** Where the invited member sets their password (the dashboard's page, signed out). */
export const invitationLink = (publicUrl: string, token: string) =>
  `${publicUrl.replace(/\/+$/, '')}/dashboard/invitacion/${encodeURIComponent(token)}`;

/** "25 de noviembre de 2026, 10:30" in Mexico City's time. */
function expiryText(iso: string): string {
  return new Intl.DateTimeFormat('es-MX', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'America/Mexico_City',
  }).format(new Date(iso));
}

/** The Spanish invitation: school, role, the one-time link and when it stops working. */
export function invitationMail(input: InvitationMailInput, publicUrl: string): OutgoingMail {
  const link = invitationLink(publicUrl, input.token);
  const role = STAFF_ROLE_LABELS[input.role];
  const expires = expiryText(input.expiresAt);
  const text = [
    `Hola, ${input.name}:`,
    '',
    `Te agregaron al personal de ${input.schoolName} en Cuota con el rol ${role}.`,
    '',
    'Para entrar al panel escolar, crea tu contraseña en este enlace:',
    link,
    '',
    `El enlace vence el ${expires} (hora del centro de México) y solo sirve una vez.`,
    'Si no esperabas esta invitación, ignora este correo.',
    '',
    'Cuota',
  ].join('\n');
  const html = `<!doctype html><html lang="es"><body style="font-family:Arial,sans-serif;color:#1a1a1a">
<p>Hola, ${escapeHtml(input.name)}:</p>
<p>Te agregaron al personal de <strong>${escapeHtml(input.schoolName)}</strong> en Cuota con el rol <strong>${escapeHtml(role)}</strong>.</p>
<p><a href="${escapeHtml(link)}">Crea tu contraseña y entra al panel escolar</a></p>
<p>El enlace vence el ${escapeHtml(expires)} (hora del centro de México) y solo sirve una vez.</p>
<p style="color:#666">Si no esperabas esta invitación, ignora este correo.</p>
</body></html>`;
  return { to: input.to, subject: INVITATION_SUBJECT, text, html };
}

export type SendInvitation = (input: InvitationMailInput) => Promise<boolean>;

/**
 * Sends invitations after their transaction committed. A failed send is logged, never thrown:
 * the invitation stays valid and POST /api/v1/users/email/ sends a fresh one (ADR 0013).
 * Without SMTP_URL and PUBLIC_URL nothing is sent (the answer still carries the token).
 */
export function invitationSender(config: ServiceConfig, logger: Logger): SendInvitation {
  const { smtpUrl, publicUrl } = config;
  let mailer: Mailer | null = null;
  return async (input) => {
    if (!smtpUrl || !publicUrl) {
      logger.warn({ to: input.to }, 'staff invitation not e-mailed: SMTP_URL or PUBLIC_URL unset');
      return false;
    }
    mailer ??= createMailer(smtpUrl, config.mailFrom ?? 'Cuota <no-responder@cuota.mx>');
    try {
      await mailer.send(invitationMail(input, publicUrl));
      logger.info({ to: input.to }, 'staff invitation e-mailed');
      return true;
    } catch (err) {
      logger.error({ err, to: input.to }, 'staff invitation e-mail failed');
      return false;
    }
  };
}
