import { startSlackSandbox } from './slack-sandbox.ts';

const signingSecret = process.env.SLACK_SIGNING_SECRET;
if (!signingSecret) throw new Error('SLACK_SIGNING_SECRET is required');

const sandbox = await startSlackSandbox({
  port: Number(process.env.PORT ?? 8070),
  host: process.env.HOST ?? '127.0.0.1',
  signingSecret,
  interactionUrl: process.env.SLACK_INTERACTION_URL,
});
console.log(`Slack sandbox: ${sandbox.url}/_sandbox/alerts`);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => void sandbox.stop().then(() => process.exit(0)));
