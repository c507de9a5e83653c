import { startMessagingSandbox } from './messaging-sandbox.ts';

const required = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};
const hook = (url: string | undefined) => (url ? { url } : undefined);

const sandbox = await startMessagingSandbox({
  port: Number(process.env.PORT ?? 8060),
  host: process.env.HOST ?? '127.0.0.1',
  twilioAuthToken: required('TWILIO_AUTH_TOKEN'),
  trebleToken: required('TREBLE_WEBHOOK_TOKEN'),
  twilioHook: hook(process.env.TWILIO_WEBHOOK_URL),
  trebleHook: hook(process.env.TREBLE_WEBHOOK_URL),
});
console.log(`Twilio/Treble sandbox: ${sandbox.url}/_sandbox/conversations`);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => void sandbox.stop().then(() => process.exit(0)));
