import { z } from 'zod';

/**
 * GET /api/v1/guardians/login/{guardianHash}/: who the personal link belongs to, shown
 * before any code is sent. The e-mail is masked (`ma***@ejemplo.mx`); 404 when the link
 * is unknown.
 */
/** The 404 of a link no guardian has (or that cannot be one). */
export const UNKNOWN_GUARDIAN_LINK =
  'No encontramos este enlace de acceso. Pide a tu escuela que te lo envíe de nuevo.';

export const guardianLoginInfoSchema = z.object({ first_name: z.string(), email_hint: z.string() });
export type GuardianLoginInfo = z.infer<typeof guardianLoginInfoSchema>;

/** POST /api/v1/guardians/login/send_code/ answer (body: `sendCodeSchema`). */
export const sendCodeResultSchema = z.object({
  sent: z.literal(true),
  email_hint: z.string(),
  expires_in_seconds: z.number().int().positive(),
});
export type SendCodeResult = z.infer<typeof sendCodeResultSchema>;

/**
 * POST /api/v1/guardians/school_login/: a family that lost its personal link asks for it on
 * the school's page with the e-mail the school has. The answer never says whether it exists.
 */
export const schoolLoginSchema = z.strictObject({
  school_id: z.uuid('Elige una escuela válida.'),
  email: z.email('Escribe un correo válido.').trim().toLowerCase().max(200),
});
export type SchoolLogin = z.infer<typeof schoolLoginSchema>;

export const SCHOOL_LOGIN_SENT =
  'Si tu correo está registrado en la escuela, te enviamos una liga para entrar. Revisa tu bandeja (y el correo no deseado).';
export const schoolLoginResultSchema = z.object({ sent: z.literal(true), message: z.string() });
