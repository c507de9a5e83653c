import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ANONYMOUS_IDENTITY } from '@cuota/contracts/identity/identity-claims';
import { exchange } from './http-exchange';

/**
 * What the BFF does for a provider's webhook (bff/src/proxy): forwards the raw bytes and
 * headers unchanged, with an anonymous identity token, to wherever the service listens now
 * (`target()`, so the relay survives a service restart). Payments' and notifications' tests.
 */
export async function startWebhookRelay(
  target: () => string,
  sign: (claims: typeof ANONYMOUS_IDENTITY) => Promise<string>,
): Promise<{ url: string; stop: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        try {
          const headers: Record<string, string> = {};
          for (const [k, v] of Object.entries(req.headers))
            if (typeof v === 'string' && !['host', 'content-length', 'connection'].includes(k))
              headers[k] = v;
          headers.authorization = `Bearer ${await sign(ANONYMOUS_IDENTITY)}`;
          const answer = await exchange(`${target()}${req.url}`, {
            method: req.method,
            headers,
            body: Buffer.concat(chunks),
          });
          res.writeHead(answer.status, {
            'content-type': answer.headers.get('content-type') ?? 'application/json',
          });
          res.end(answer.body);
        } catch {
          res.writeHead(503).end();
        }
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
