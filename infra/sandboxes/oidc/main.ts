import { startOidcSandbox } from './oidc-sandbox.ts';

const sandbox = await startOidcSandbox({
  port: Number(process.env.PORT ?? 8040),
  host: process.env.HOST ?? '127.0.0.1',
  clientIds: (process.env.OIDC_CLIENT_IDS ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean),
});
console.log(`OIDC sandbox (Google, Apple): ${sandbox.url}/.well-known/openid-configuration`);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => void sandbox.stop().then(() => process.exit(0)));
