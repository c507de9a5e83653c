import { escapeHtml, type OutgoingMail } from '@cuota/service-runtime/mail/mailer';
import type { SendMail } from '../mail-sender';
import { expiryText, setPasswordLink } from './invitation-mail';

export const PASSWORD_RESET_SUBJECT = 'Elige una contraseña nueva para el panel escolar de Cuota';

export interface PasswordResetMailInput {
  to: string;
  name: string;
  token: string;
  expiresAt: string;
}

/** Where the staff member chooses their new password (the dashboard's page, signed out). */
export const passwordResetLink = (publicUrl: string, token: string) =>
  setPasswordLink(publicUrl, 'restablecer-contrasena', token);

/** The Spanish mail: the one-time link, when it stops working, and what to do if unasked. */
export function passwordResetMail(input: PasswordResetMailInput, publicUrl: string): OutgoingMail {
  const link = passwordResetLink(publicUrl, input.token);
  const expires = expiryText(input.expiresAt);
  const text = [
    `Hola, ${input.name}:`,
    '',
    'Pediste elegir una contraseña nueva para entrar al panel escolar de Cuota. Hazlo en este enlace:',
    link,
    '',
    `El enlace vence el ${expires} (hora del centro de México) y solo sirve una vez. Al cambiar la contraseña se cierran tus sesiones abiertas.`,
    'Si no lo pediste tú, ignora este correo: tu contraseña sigue siendo la misma.',
    '',
    'Cuota',
  ].join('\n');
  const html = `<!doctype html><html lang="es"><body style="font-family:Arial,sans-serif;color:#1a1a1a">
<p>Hola, ${escapeHtml(input.name)}:</p>
<p>Pediste elegir una contraseña nueva para entrar al panel escolar de Cuota.</p>
<p><a href="${escapeHtml(link)}">Elige tu contraseña nueva</a></p>
<p>El enlace vence el ${escapeHtml(expires)} (hora del centro de México) y solo sirve una vez. Al cambiar la contraseña se cierran tus sesiones abiertas.</p>
<p style="color:#666">Si no lo pediste tú, ignora este correo: tu contraseña sigue siendo la misma.</p>
</body></html>`;
  return { to: input.to, subject: PASSWORD_RESET_SUBJECT, text, html };
}

export type SendPasswordReset = (input: PasswordResetMailInput) => Promise<boolean>;

export const passwordResetSender =
  (send: SendMail): SendPasswordReset =>
  (input) =>
    send('staff password reset', (publicUrl) => passwordResetMail(input, publicUrl));
