import type { GuardianIdentity } from '@cuota/contracts/identity/sign-in';
import { escapeHtml, type OutgoingMail } from '@cuota/service-runtime/mail/mailer';
import type { BffConfig } from '../config/bff-config';

export const LOGIN_CODE_SUBJECT = 'Tu código de acceso a Cuota';
export const SIGN_IN_LINK_SUBJECT = 'Tu liga para entrar a Cuota';

export type LoginCodeMail = OutgoingMail;

/**
 * How the e-mail leads: the code to type (send_code), or the link that opens the login page
 * with the code already in it (the magic link; a lost link asked for at the school).
 */
export type LoginMailKind = 'code' | 'link';

/**
 * The Spanish e-mail that carries a sign-in code and the link that brings it (plain text first,
 * simple HTML second). The link only fills the code in: the family still taps «Entrar», so a
 * mail scanner that opens links spends nothing.
 */
export function loginCodeMail(
  guardian: GuardianIdentity & { email: string },
  code: string,
  config: BffConfig,
  kind: LoginMailKind = 'code',
): LoginCodeMail {
  const minutes = Math.max(1, Math.round(config.loginCode.ttlSeconds / 60));
  const link = `${config.publicUrl}/guardians/${guardian.guardian_hash}/login?code=${code}`;
  const expiry = `Vence en ${minutes} minutos y solo sirve una vez.`;
  const ignore = 'Si tú no lo pediste, ignora este correo: nadie puede entrar sin el código.';
  const text = [
    `Hola, ${guardian.first_name}:`,
    '',
    ...(kind === 'link'
      ? [`Entra a tu cuenta de Cuota con esta liga: ${link}`, '', `Tu código es ${code}. ${expiry}`]
      : [
          `Tu código de acceso a Cuota es: ${code}`,
          '',
          `Escríbelo en la página de inicio de sesión, o ábrela ya con el código: ${link}`,
          expiry,
        ]),
    '',
    ignore,
    '',
    'Cuota',
  ].join('\n');
  const button = `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;background:#0b57d0;color:#fff;border-radius:8px;text-decoration:none;font-weight:bold">Entrar a Cuota</a></p>`;
  const codeBlock = `<p style="font-size:28px;font-weight:bold;letter-spacing:6px">${code}</p>`;
  const html = `<!doctype html><html lang="es"><body style="font-family:Arial,sans-serif;color:#1a1a1a">
<p>Hola, ${escapeHtml(guardian.first_name)}:</p>
${
  kind === 'link'
    ? `<p>Entra a tu cuenta con un toque:</p>${button}<p>Tu código es <b>${code}</b>. ${expiry}</p>`
    : `<p>Tu código de acceso a Cuota es:</p>${codeBlock}<p>Escríbelo en la página de inicio de sesión, o entra con un toque:</p>${button}<p>${expiry}</p>`
}
<p style="color:#666">${ignore}</p>
</body></html>`;
  return {
    to: guardian.email,
    subject: kind === 'link' ? SIGN_IN_LINK_SUBJECT : LOGIN_CODE_SUBJECT,
    text,
    html,
  };
}
