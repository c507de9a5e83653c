import { z } from 'zod';
import { readEnv } from '@cuota/service-runtime/config/read-env';

/** The Slack app of Cuota's operations channel (ADR 0094). */
export interface SlackSettings {
  /** Checks the interactions' X-Slack-Signature; without it every interaction is refused. */
  signingSecret?: string;
  /** The channel's incoming webhook; without it no alert is posted. */
  alertsWebhookUrl?: string;
}

const slackEnvSchema = z.object({
  SLACK_SIGNING_SECRET: z.string().min(16).optional(),
  SLACK_ALERTS_WEBHOOK_URL: z.url().optional(),
});

export function readSlackSettings(env = process.env): SlackSettings {
  const e = readEnv(slackEnvSchema, env);
  return { signingSecret: e.SLACK_SIGNING_SECRET, alertsWebhookUrl: e.SLACK_ALERTS_WEBHOOK_URL };
}
