import { z } from 'zod';
import { readEnv } from '@cuota/service-runtime/config/read-env';

/** The business account notifications sends WhatsApp from (ADR 0075). */
export interface WhatsAppSettings {
  /** The Cloud API's base, `https://graph.facebook.com/v21.0` or the sandbox's. */
  apiUrl: string;
  phoneNumberId: string;
  accessToken: string;
  /** Signs the status webhooks (X-Hub-Signature-256). */
  appSecret: string;
}

const whatsAppEnvSchema = z.object({
  WHATSAPP_API_URL: z.url().optional(),
  WHATSAPP_PHONE_NUMBER_ID: z.string().min(1).optional(),
  WHATSAPP_TOKEN: z.string().min(1).optional(),
  WHATSAPP_APP_SECRET: z.string().min(8).optional(),
});

/** The account from the environment; none (no WhatsApp) unless all four are set. */
export function readWhatsAppSettings(env = process.env): WhatsAppSettings | undefined {
  const e = readEnv(whatsAppEnvSchema, env);
  if (!e.WHATSAPP_API_URL || !e.WHATSAPP_PHONE_NUMBER_ID || !e.WHATSAPP_TOKEN) return undefined;
  if (!e.WHATSAPP_APP_SECRET) return undefined;
  return {
    apiUrl: e.WHATSAPP_API_URL,
    phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID,
    accessToken: e.WHATSAPP_TOKEN,
    appSecret: e.WHATSAPP_APP_SECRET,
  };
}
