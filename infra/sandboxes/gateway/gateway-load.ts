// Load check: many families checking out at once through the sandbox (token, then charge,
// each approved charge notified to a local webhook receiver). Run:
//   npx node infra/sandboxes/gateway/gateway-load.ts [connections] [seconds]
import { fork } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import autocannon from 'autocannon';

const connections = Number(process.argv[2] ?? 500);
const seconds = Number(process.argv[3] ?? 10);
const expiryYear = String((new Date().getFullYear() + 2) % 100);

/** What one connection carries from its token request to its charge. */
interface Checkout {
  token: string;
}

let notifications = 0;
const receiver = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    notifications++;
    res.end('ok');
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));

// In its own process, as the launcher runs it, so the load doesn't share its event loop.
const sandbox = fork(path.join(import.meta.dirname, 'main.ts'), [], {
  env: { ...process.env, PORT: '0' },
  stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
});
try {
  const gateway = await announcedUrl();
  await fetch(`${gateway}/_sandbox/merchants/carga-publica`, {
    method: 'PUT',
    body: JSON.stringify({
      merchant_id: '20000000100000000099',
      private_merchant_id: 'carga-privada',
      webhook_url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/kushki`,
      webhook_signature: 'firma-de-carga',
    }),
  });
  const result = await autocannon({
    url: gateway,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        path: '/card/v1/tokens',
        headers: { 'content-type': 'application/json', 'Public-Merchant-Id': 'carga-publica' },
        body: JSON.stringify({
          card: {
            name: 'CARGA',
            number: '5451951574925480',
            expiryMonth: '12',
            expiryYear,
            cvv: '123',
          },
          totalAmount: 3450,
          currency: 'MXN',
        }),
        onResponse: (_status, body, context) => {
          (context as Checkout).token = (JSON.parse(body) as Checkout).token;
        },
      },
      {
        method: 'POST',
        path: '/card/v1/charges',
        headers: { 'content-type': 'application/json', 'Private-Merchant-Id': 'carga-privada' },
        setupRequest: (request, context) => ({
          ...request,
          body: JSON.stringify({
            token: (context as Checkout).token,
            amount: { subtotalIva: 0, subtotalIva0: 3450, iva: 0, currency: 'MXN' },
            metadata: { payment_id: (context as Checkout).token },
          }),
        }),
      },
    ],
  });
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const checkouts = Math.floor(result.requests.total / 2);
  console.log(
    [
      `${connections} connections, ${seconds} s: ${Math.round(result.requests.average)} req/s`,
      `(≈ ${Math.round(checkouts / seconds)} checkouts/s, token + charge)`,
      `latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
      `non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts}`,
      `webhooks received ${notifications} for ~${checkouts} charges`,
    ].join('\n'),
  );
} finally {
  sandbox.kill();
  receiver.close();
}

/** The URL main.ts prints once it listens. */
async function announcedUrl(): Promise<string> {
  let printed = '';
  for await (const chunk of sandbox.stdout!) {
    printed += String(chunk);
    const url = /http:\/\/[\d.]+:\d+/.exec(printed);
    if (url) return url[0];
  }
  throw new Error('el sandbox terminó sin anunciar su URL');
}
