import { z } from 'zod';
import { readEnv } from '@cuota/service-runtime/config/read-env';

const slackEnvSchema = z.object({
  SLACK_SIGNING_SECRET: z.string().min(16).optional(),
});

/** The Slack app's signing secret (ADR 0094); without it every interaction is refused. */
export const readSlackSigningSecret = (env = process.env): string | undefined =>
  readEnv(slackEnvSchema, env).SLACK_SIGNING_SECRET;
