import type { SchoolSignup } from '@cuota/contracts/enrolment/signup';
import { escapeHtml, type OutgoingMail } from '@cuota/service-runtime/mail/mailer';
import type { SendMail } from '../mail-sender';

export interface SignupMailInput {
  to: string;
  guardianName: string;
  schoolName: string;
  children: Pick<SchoolSignup['students'][number], 'first_name' | 'last_name'>[];
}

export const signupSubject = (schoolName: string) => `Recibimos tu registro en ${schoolName}`;

/** "Ana y Luis Pérez", "Ana Pérez, Luis Pérez y Sofía Gómez". */
function namesText(children: SignupMailInput['children']): string {
  const names = children.map((c) => `${c.first_name} ${c.last_name}`);
  return new Intl.ListFormat('es-MX', { style: 'long', type: 'conjunction' }).format(names);
}

/** The family's confirmation: the school, the children, what happens next. */
export function signupMail(input: SignupMailInput): OutgoingMail {
  const names = namesText(input.children);
  const plural = input.children.length > 1;
  const registered = `Registramos a ${names} como ${plural ? 'aspirantes' : 'aspirante'} de ${input.schoolName}.`;
  const next =
    'La escuela revisará tu solicitud y se pondrá en contacto contigo por este correo para continuar con la admisión.';
  const unasked = 'Si no hiciste este registro, ignora este correo o avísale a la escuela.';
  const text = [
    `Hola, ${input.guardianName}:`,
    '',
    registered,
    '',
    next,
    '',
    unasked,
    '',
    'Cuota',
  ].join('\n');
  const html = `<!doctype html><html lang="es"><body style="font-family:Arial,sans-serif;color:#1a1a1a">
<p>Hola, ${escapeHtml(input.guardianName)}:</p>
<p>Registramos a <strong>${escapeHtml(names)}</strong> como ${plural ? 'aspirantes' : 'aspirante'} de <strong>${escapeHtml(input.schoolName)}</strong>.</p>
<p>${next}</p>
<p style="color:#666">${unasked}</p>
</body></html>`;
  return { to: input.to, subject: signupSubject(input.schoolName), text, html };
}

export type SendSignupConfirmation = (input: SignupMailInput) => Promise<boolean>;

/** Sent after the sign-up committed; a failed mail is logged and the sign-up stays. */
export const signupConfirmationSender =
  (send: SendMail): SendSignupConfirmation =>
  (input) =>
    send('store sign-up confirmation', () => signupMail(input));
