import type { GuardianIdentity } from '@cuota/contracts/identity/sign-in';
import { escapeHtml, type OutgoingMail } from '@cuota/service-runtime/mail/mailer';
import type { BffConfig } from '../config/bff-config';

export const LOGIN_CODE_SUBJECT = 'Tu código de acceso a Cuota';

export type LoginCodeMail = OutgoingMail;

/** The Spanish e-mail that carries a sign-in code (plain text first, simple HTML second). */
export function loginCodeMail(
  guardian: GuardianIdentity & { email: string },
  code: string,
  config: BffConfig,
): LoginCodeMail {
  const minutes = Math.max(1, Math.round(config.loginCode.ttlSeconds / 60));
  const link = `${config.publicUrl}/guardians/${guardian.guardian_hash}/login`;
  const text = [
    `Hola, ${guardian.first_name}:`,
    '',
    `Tu código de acceso a Cuota es: ${code}`,
    '',
    `Escríbelo en la página de inicio de sesión. Vence en ${minutes} minutos y solo sirve una vez.`,
    `Página de inicio de sesión: ${link}`,
    '',
    'Si tú no lo pediste, ignora este correo: nadie puede entrar sin el código.',
    '',
    'Cuota',
  ].join('\n');
  const html = `<!doctype html><html lang="es"><body style="font-family:Arial,sans-serif;color:#1a1a1a">
<p>Hola, ${escapeHtml(guardian.first_name)}:</p>
<p>Tu código de acceso a Cuota es:</p>
<p style="font-size:28px;font-weight:bold;letter-spacing:6px">${code}</p>
<p>Escríbelo en la <a href="${escapeHtml(link)}">página de inicio de sesión</a>. Vence en ${minutes} minutos y solo sirve una vez.</p>
<p style="color:#666">Si tú no lo pediste, ignora este correo: nadie puede entrar sin el código.</p>
</body></html>`;
  return { to: guardian.email, subject: LOGIN_CODE_SUBJECT, text, html };
}
