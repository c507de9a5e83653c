import { z } from 'zod';
import { readEnv } from '@cuota/service-runtime/config/read-env';

/** The messaging providers' secrets that sign their guardian_url callbacks (ADR 0084). */
export interface CallbackSettings {
  /** Twilio's auth token: X-Twilio-Signature is its HMAC-SHA1 of the URL and the fields. */
  twilioAuthToken?: string;
  /** The token Treble's webhook is configured to send (X-Treble-Token). */
  trebleToken?: string;
}

const callbackEnvSchema = z.object({
  TWILIO_AUTH_TOKEN: z.string().min(8).optional(),
  TREBLE_WEBHOOK_TOKEN: z.string().min(16).optional(),
});

export function readCallbackSettings(env = process.env): CallbackSettings {
  const e = readEnv(callbackEnvSchema, env);
  return { twilioAuthToken: e.TWILIO_AUTH_TOKEN, trebleToken: e.TREBLE_WEBHOOK_TOKEN };
}
