import { z } from 'zod';
import { gatewayWebhook } from '@cuota/contracts/access/access';
import { defineEndpoint } from '@cuota/contracts/http/endpoint';

export const BAD_CALLBACK_SIGNATURE = 'La firma del aviso no es válida.';
export const UNKNOWN_PHONE =
  'No encontramos una familia con este número. Pide a tu escuela que lo registre en Cuota.';

/** Treble's answer: the text to send back and the family's short links (none: unknown number). */
export const trebleGuardianUrlSchema = z.object({
  message: z.string(),
  guardian_urls: z.array(z.object({ first_name: z.string(), url: z.string() })),
});

/**
 * A family writes to the school's number on a messaging provider; the provider asks for the
 * family's portal link and sends our answer back (ADR 0084). Signed by the provider: a bad
 * signature is 401, and without the provider's secret every call is refused.
 */
const guardianUrlCallback = {
  method: 'POST',
  domain: 'notifications',
  surface: 'webhook',
  access: gatewayWebhook(),
  spec: 'spec',
  bodyType: 'raw',
} as const;

/** Twilio's incoming-message webhook (form fields, X-Twilio-Signature); answers TwiML. */
export const twilioGuardianUrl = defineEndpoint({
  ...guardianUrlCallback,
  name: 'notifications.twilio.guardian-url',
  path: '/api/v1/twilio/guardian_url/',
  summary: 'Liga corta del portal para quien escribe por Twilio (responde TwiML)',
  produces: 'xml',
});

/** Treble's webhook (JSON with the user's cellphone, X-Treble-Token); answers JSON. */
export const trebleGuardianUrl = defineEndpoint({
  ...guardianUrlCallback,
  name: 'notifications.treble.guardian-url',
  path: '/api/v1/treble/guardian_url/',
  summary: 'Liga corta del portal para quien escribe por Treble',
  response: trebleGuardianUrlSchema,
});

export const GUARDIAN_URL_CALLBACKS = [twilioGuardianUrl, trebleGuardianUrl] as const;
