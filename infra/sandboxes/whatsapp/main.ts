import { startWhatsAppSandbox } from './whatsapp-sandbox.ts';

const required = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

const sandbox = await startWhatsAppSandbox({
  port: Number(process.env.PORT ?? 8050),
  host: process.env.HOST ?? '127.0.0.1',
  phoneNumberId: required('WHATSAPP_PHONE_NUMBER_ID'),
  accessToken: required('WHATSAPP_TOKEN'),
  appSecret: required('WHATSAPP_APP_SECRET'),
  webhookUrl: process.env.WHATSAPP_WEBHOOK_URL,
});
console.log(`WhatsApp sandbox (Cloud API): ${sandbox.url}/_sandbox/messages`);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => void sandbox.stop().then(() => process.exit(0)));
