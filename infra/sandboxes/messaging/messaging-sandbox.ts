import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { z } from 'zod';
import { twilioSignature } from './twilio-signature.ts';

/** Where a provider posts its webhook, and the URL it signs (the public one, behind a proxy). */
export interface ProviderHook {
  url: string;
  signedUrl?: string;
}

export interface MessagingSandboxOptions {
  port: number;
  host?: string;
  /** Twilio's account auth token, which signs its webhooks. */
  twilioAuthToken: string;
  /** The token Treble's webhook is configured to send (X-Treble-Token). */
  trebleToken: string;
  twilioHook?: ProviderHook;
  trebleHook?: ProviderHook;
}

/** A family's message to the school's number and what the school's webhook answered. */
export interface Conversation {
  provider: 'twilio' | 'treble';
  from: string;
  text: string;
  status: number;
  reply: string;
  at: string;
}

export interface MessagingSandbox {
  url: string;
  conversations: Conversation[];
  stop: () => Promise<void>;
}

/** The school's WhatsApp number on Twilio's sandbox. */
export const SCHOOL_NUMBER = '+14155238886';

const twilioMessage = z.object({
  from: z.string().regex(/^\+\d{8,15}$/),
  body: z.string().default('Hola'),
});
const trebleMessage = z.object({
  cellphone: z.string().regex(/^\d{10}$/),
  country_code: z
    .string()
    .regex(/^\d{1,3}$/)
    .default('52'),
});

const XML_ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};
/** The texts of a TwiML answer's <Message> elements, as the family's phone would show them. */
export const twimlMessages = (twiml: string) =>
  [...twiml.matchAll(/<Message>([\s\S]*?)<\/Message>/g)]
    .map((m) => m[1]!.replace(/&(amp|lt|gt|quot|#39);/g, (e) => XML_ENTITIES[e]!))
    .join('\n');

/**
 * Stands in for Twilio and Treble on the family's side (ADR 0094): `POST
 * /_sandbox/twilio/messages` `{ from, body }` and `POST /_sandbox/treble/messages` `{
 * cellphone, country_code }` play a family writing to the school's number — the provider's
 * webhook is posted, signed as the provider signs it, and its answer (the text the family
 * would receive) is returned and listed at `GET /_sandbox/conversations`.
 */
export async function startMessagingSandbox(
  options: MessagingSandboxOptions,
): Promise<MessagingSandbox> {
  const conversations: Conversation[] = [];
  const app = express();
  app.use(express.json());
  const keep = (c: Omit<Conversation, 'at'>) => {
    const kept = { ...c, at: new Date().toISOString() };
    conversations.unshift(kept);
    conversations.length = Math.min(conversations.length, 500);
    return kept;
  };
  const noHook = (res: express.Response, provider: string) =>
    res.status(409).json({ error: `No webhook configured for ${provider}` });

  app.post('/_sandbox/twilio/messages', async (req, res) => {
    const hook = options.twilioHook;
    if (!hook) return noHook(res, 'Twilio');
    const message = twilioMessage.safeParse(req.body);
    if (!message.success) return res.status(400).json({ error: message.error.issues });
    const fields = new URLSearchParams({
      AccountSid: `AC${randomBytes(16).toString('hex')}`,
      MessageSid: `SM${randomBytes(16).toString('hex')}`,
      From: `whatsapp:${message.data.from}`,
      To: `whatsapp:${SCHOOL_NUMBER}`,
      Body: message.data.body,
      NumMedia: '0',
    });
    const signature = twilioSignature(options.twilioAuthToken, hook.signedUrl ?? hook.url, fields);
    const answer = await fetch(hook.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': signature,
      },
      body: fields.toString(),
    });
    const text = await answer.text();
    const reply = answer.ok ? twimlMessages(text) : text;
    res.json(
      keep({
        provider: 'twilio',
        from: message.data.from,
        text: message.data.body,
        status: answer.status,
        reply,
      }),
    );
  });

  app.post('/_sandbox/treble/messages', async (req, res) => {
    const hook = options.trebleHook;
    if (!hook) return noHook(res, 'Treble');
    const message = trebleMessage.safeParse(req.body);
    if (!message.success) return res.status(400).json({ error: message.error.issues });
    const answer = await fetch(hook.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-treble-token': options.trebleToken },
      body: JSON.stringify({ user: message.data }),
    });
    const text = await answer.text();
    const reply = answer.ok ? ((JSON.parse(text) as { message?: string }).message ?? '') : text;
    const from = `+${message.data.country_code}${message.data.cellphone}`;
    res.json(keep({ provider: 'treble', from, text: '', status: answer.status, reply }));
  });

  app.get('/_sandbox/conversations', (_req, res) => res.json(conversations));

  const server: Server = await new Promise((resolve) => {
    const s = app.listen(options.port, options.host ?? '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    conversations,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
