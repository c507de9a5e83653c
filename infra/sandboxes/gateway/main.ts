import { startGatewaySandbox } from './gateway-sandbox.ts';

const sandbox = await startGatewaySandbox({
  port: Number(process.env.PORT ?? 8090),
  host: process.env.HOST ?? '127.0.0.1',
  merchantsFile: process.env.GATEWAY_MERCHANTS_FILE || undefined,
  allowedParents: (process.env.GATEWAY_ALLOWED_PARENTS ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean),
});
console.log(`Gateway sandbox (Kushki): ${sandbox.url}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => void sandbox.stop().then(() => process.exit(0)));
