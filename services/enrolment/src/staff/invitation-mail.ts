import { STAFF_ROLE_LABELS, type StaffRole } from '@cuota/contracts/enrolment/entities';
import type { SchoolAdmin } from '@cuota/contracts/enrolment/staff';
import type { Executor } from '@cuota/messaging/transaction';
import { escapeHtml, type OutgoingMail } from '@cuota/service-runtime/mail/mailer';
import type { SendMail } from '../mail-sender';
import { schoolRow } from '../schools/school-repository';

export const INVITATION_SUBJECT = 'Te invitaron al panel escolar de Cuota';

export interface InvitationMailInput {
  to: string;
  name: string;
  schoolName: string;
  role: StaffRole;
  token: string;
  expiresAt: string;
}

/** A dashboard page a one-time link opens (signed out), with its token. */
export const setPasswordLink = (publicUrl: string, page: string, token: string) =>
  `${publicUrl.replace(/\/+$/, '')}/dashboard/${page}/${encodeURIComponent(token)}`;

/** Where the invited member sets their password. */
export const invitationLink = (publicUrl: string, token: string) =>
  setPasswordLink(publicUrl, 'invitacion', token);

/** "25 de noviembre de 2026, 10:30" in Mexico City's time. */
export function expiryText(iso: string): string {
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
 * Invitations go out after their transaction committed. A failed send only logs: the
 * invitation stays valid and POST /api/v1/users/email/ sends a fresh one (ADR 0013).
 */
export const invitationSender =
  (send: SendMail): SendInvitation =>
  (input) =>
    send('staff invitation', (publicUrl) => invitationMail(input, publicUrl));

/** E-mails a member their invitation (after its transaction committed). */
export async function mailInvitation(
  db: Executor,
  sendInvitation: SendInvitation,
  schoolId: string,
  admin: SchoolAdmin,
  invitation: { token: string; expires_at: string },
): Promise<void> {
  await sendInvitation({
    to: admin.email,
    name: admin.name,
    schoolName: (await schoolRow(db, schoolId)).name,
    role: admin.role,
    token: invitation.token,
    expiresAt: invitation.expires_at,
  });
}
