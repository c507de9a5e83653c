import { startSmtpSandbox } from './smtp-sandbox.ts';

const sandbox = await startSmtpSandbox({
  smtpPort: Number(process.env.SMTP_PORT ?? 2525),
  httpPort: Number(process.env.HTTP_PORT ?? 8025),
  host: process.env.HOST,
});
console.log(
  `SMTP sandbox: smtp://127.0.0.1:${sandbox.smtpPort} · mailbox http://127.0.0.1:${sandbox.httpPort}/`,
);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => void sandbox.stop().then(() => process.exit(0)));
