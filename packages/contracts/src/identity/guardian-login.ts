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
