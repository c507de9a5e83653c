import { z } from 'zod';
import type { TemplateMessage } from './whatsapp-template';
import type { WhatsAppSettings } from './whatsapp-settings';

const accepted = z.object({ messages: z.array(z.object({ id: z.string() })).min(1) });
const refused = z.object({ error: z.object({ code: z.number(), message: z.string() }) });

/** How long one send may take before it counts as failed (then retried with backoff). */
const SEND_TIMEOUT_MS = 10_000;

/**
 * Sends a template message through the WhatsApp Cloud API and returns its `wamid.…`. A
 * refusal or timeout throws (the sender retries it with backoff, then gives up).
 */
export async function sendWhatsApp(
  settings: WhatsAppSettings,
  to: string,
  message: TemplateMessage,
): Promise<string> {
  const answer = await fetch(`${settings.apiUrl}/${settings.phoneNumberId}/messages`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${settings.accessToken}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      messaging_product: 'whatsapp',
      to,
      type: 'template',
      template: {
        name: message.name,
        language: { code: message.language },
        components: [
          { type: 'body', parameters: message.variables.map((text) => ({ type: 'text', text })) },
        ],
      },
    }),
    signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
  });
  const body: unknown = await answer.json().catch(() => null);
  if (answer.ok) {
    const ok = accepted.safeParse(body);
    if (ok.success) return ok.data.messages[0]!.id;
  }
  const error = refused.safeParse(body);
  throw new Error(
    error.success
      ? `WhatsApp ${error.data.error.code}: ${error.data.error.message}`
      : `WhatsApp respondió ${answer.status}`,
  );
}
