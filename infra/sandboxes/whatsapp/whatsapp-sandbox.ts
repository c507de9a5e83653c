import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type Response } from 'express';
import { z } from 'zod';
import { APPROVED_TEMPLATES, renderTemplate, variablesOf } from './message-templates.ts';
import { StatusWebhooks, type StatusUpdate } from './status-webhooks.ts';

export interface WhatsAppSandboxOptions {
  port: number;
  host?: string;
  /** The business phone number's id: the only one messages may be sent from. */
  phoneNumberId: string;
  /** The system user's access token (`Authorization: Bearer …`). */
  accessToken: string;
  /** The app secret that signs status webhooks. */
  appSecret: string;
  /** The app's webhook callback; without it no statuses are sent. */
  webhookUrl?: string;
}

/** One message accepted, as `GET /_sandbox/messages` lists it. */
export interface SandboxMessage {
  id: string;
  to: string;
  template: string;
  text: string;
  at: string;
}

export interface WhatsAppSandbox {
  url: string;
  messages: SandboxMessage[];
  webhooks: StatusWebhooks;
  stop: () => Promise<void>;
}

/** The numbers whose messages fail (as a phone without WhatsApp) or are never read. */
export const UNDELIVERABLE_SUFFIX = '0000';
export const NEVER_READ_SUFFIX = '1111';

const templateMessage = z.object({
  messaging_product: z.literal('whatsapp'),
  to: z.string().regex(/^\+?\d{8,15}$/),
  type: z.literal('template'),
  template: z.object({
    name: z.string(),
    language: z.object({ code: z.string() }),
    components: z
      .array(
        z.object({
          type: z.string(),
          parameters: z.array(z.object({ type: z.literal('text'), text: z.string() })),
        }),
      )
      .default([]),
  }),
});

/** The Cloud API's error envelope (Graph API `error` object). */
function graphError(res: Response, status: number, code: number, message: string, details = '') {
  res.status(status).json({
    error: {
      message,
      type: 'OAuthException',
      code,
      error_data: { messaging_product: 'whatsapp', details: details || message },
      fbtrace_id: randomBytes(9).toString('base64url'),
    },
  });
}

/** What the Cloud API reports of a message to this number, in order. */
function statusesFor(messageId: string, recipient: string): StatusUpdate[] {
  const sent: StatusUpdate = { messageId, recipient, status: 'sent' };
  if (recipient.endsWith(UNDELIVERABLE_SUFFIX))
    return [
      sent,
      {
        messageId,
        recipient,
        status: 'failed',
        error: { code: 131026, title: 'Message undeliverable' },
      },
    ];
  const delivered: StatusUpdate = { messageId, recipient, status: 'delivered' };
  if (recipient.endsWith(NEVER_READ_SUFFIX)) return [sent, delivered];
  return [sent, delivered, { messageId, recipient, status: 'read' }];
}

/**
 * Stands in for the WhatsApp Business Cloud API: template messages only (the approved ones,
 * with their number of variables), a `wamid.` id per message, then signed status webhooks
 * (sent, delivered, read; failed for numbers ending in 0000). See README.md beside this file.
 */
export async function startWhatsAppSandbox(
  options: WhatsAppSandboxOptions,
): Promise<WhatsAppSandbox> {
  const host = options.host ?? '127.0.0.1';
  const messages: SandboxMessage[] = [];
  const webhooks = new StatusWebhooks(options.webhookUrl, options.appSecret, {
    wabaId: '102290129340398',
    phoneNumberId: options.phoneNumberId,
    displayPhoneNumber: '15550783881',
  });
  const app = express();
  app.disable('x-powered-by');

  app.post('/:version/:phoneNumberId/messages', express.json(), (req, res) => {
    if (req.get('authorization') !== `Bearer ${options.accessToken}`)
      return graphError(res, 401, 190, 'Invalid OAuth access token.');
    if (req.params.phoneNumberId !== options.phoneNumberId)
      return graphError(res, 400, 100, 'Unsupported post request.');
    const parsed = templateMessage.safeParse(req.body);
    if (!parsed.success)
      return graphError(res, 400, 131009, 'Parameter value is not valid', parsed.error.message);
    const { to, template } = parsed.data;
    const approved = APPROVED_TEMPLATES[template.name];
    if (!approved || approved.language !== template.language.code)
      return graphError(
        res,
        404,
        132001,
        'Template name does not exist in the translation',
        `template name (${template.name}) does not exist in ${template.language.code}`,
      );
    const values = template.components
      .filter((c) => c.type === 'body')
      .flatMap((c) => c.parameters.map((p) => p.text));
    if (values.length !== variablesOf(approved))
      return graphError(
        res,
        400,
        132000,
        'Number of parameters does not match the expected number of params',
      );
    const recipient = to.replace(/^\+/, '');
    const id = `wamid.${Buffer.from(`${recipient}:${randomBytes(12).toString('hex')}`).toString('base64url')}`;
    messages.push({
      id,
      to: recipient,
      template: template.name,
      text: renderTemplate(approved, values),
      at: new Date().toISOString(),
    });
    res.json({
      messaging_product: 'whatsapp',
      contacts: [{ input: to, wa_id: recipient }],
      messages: [{ id, message_status: 'accepted' }],
    });
    webhooks.send(statusesFor(id, recipient));
  });

  // Meta's App Dashboard, where the app's webhook callback is set (or changed) after the fact.
  app.put('/_sandbox/webhook', express.json(), (req, res) => {
    const url = z.object({ url: z.url() }).safeParse(req.body);
    if (!url.success) return graphError(res, 400, 100, 'Invalid parameter', 'url');
    webhooks.url = url.data.url;
    res.json({ success: true });
  });

  app.get('/_sandbox/messages', (req, res) => {
    const to = typeof req.query.to === 'string' ? req.query.to.replace(/^\+/, '') : undefined;
    res.json(to ? messages.filter((m) => m.to === to) : messages.slice(-500));
  });

  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(options.port, host, () => resolve(s));
  });
  const url = `http://${host}:${(server.address() as AddressInfo).port}`;
  return {
    url,
    messages,
    webhooks,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
