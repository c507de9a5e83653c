import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { z } from 'zod';
import { blockActionsBody, slackSignatureHeaders } from './slack-signature.ts';

export interface SlackSandboxOptions {
  port: number;
  host?: string;
  /** The app's signing secret: every interaction it posts is signed with it. */
  signingSecret: string;
  /** Where Slack posts the app's interactions: the BFF's public /api/v1/slack/interaction/. */
  interactionUrl?: string;
}

/** An alert as the operations channel shows it: what was posted to the incoming webhook. */
export interface PostedAlert {
  text: string;
  blocks?: unknown[];
  at: string;
}

/** A press of an alert's button and what the app answered. */
export interface Press {
  action_id: string;
  value: string;
  status: number;
  reply: string;
  at: string;
}

export interface SlackSandbox {
  url: string;
  /** The incoming webhook URL to give the app as SLACK_ALERTS_WEBHOOK_URL. */
  webhookUrl: string;
  alerts: PostedAlert[];
  presses: Press[];
  stop: () => Promise<void>;
}

const pressSchema = z.object({
  value: z.string().min(1),
  action_id: z.string().default('retry_notification'),
});

const keepNewest = <T>(list: T[], item: T) => {
  list.unshift(item);
  list.length = Math.min(list.length, 500);
  return item;
};

/**
 * Stands in for Cuota's operations Slack (ADR 0103): the channel's incoming webhook keeps
 * each alert (`POST /services/…`, listed at `GET /_sandbox/alerts`), and `POST
 * /_sandbox/press { value, action_id? }` plays an operator pressing an alert's button — the
 * `block_actions` payload is posted to the app's interaction URL signed with its signing
 * secret, and the app's answer comes back (listed at `GET /_sandbox/presses`).
 */
export async function startSlackSandbox(options: SlackSandboxOptions): Promise<SlackSandbox> {
  const alerts: PostedAlert[] = [];
  const presses: Press[] = [];
  const app = express();
  app.use(express.json());

  app.post('/services/:team/:bot/:token', (req, res) => {
    const body = req.body as { text?: unknown; blocks?: unknown[] };
    if (typeof body?.text !== 'string') return res.status(400).send('no_text');
    keepNewest(alerts, { text: body.text, blocks: body.blocks, at: new Date().toISOString() });
    res.send('ok');
  });
  app.get('/_sandbox/alerts', (_req, res) => res.json(alerts));

  app.post('/_sandbox/press', async (req, res) => {
    if (!options.interactionUrl)
      return res.status(409).json({ error: 'No interaction URL configured' });
    const press = pressSchema.safeParse(req.body);
    if (!press.success) return res.status(400).json({ error: press.error.issues });
    const body = blockActionsBody(press.data.action_id, press.data.value);
    const answer = await fetch(options.interactionUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...slackSignatureHeaders(body, new Date(), options.signingSecret),
      },
      body,
    });
    const reply = await answer.text();
    const at = new Date().toISOString();
    res.json(keepNewest(presses, { ...press.data, status: answer.status, reply, at }));
  });
  app.get('/_sandbox/presses', (_req, res) => res.json(presses));

  const host = options.host ?? '127.0.0.1';
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(options.port, host, () => resolve(s));
  });
  const url = `http://${host}:${(server.address() as AddressInfo).port}`;
  return {
    url,
    webhookUrl: `${url}/services/T0CUOTA/B0ALERTS/sandbox`,
    alerts,
    presses,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
