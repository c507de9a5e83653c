import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the gateway sandbox sent to a merchant's webhook URL, as it arrived. */
export interface Delivery<Body> {
  url: string;
  headers: http.IncomingHttpHeaders;
  /** The exact bytes (signatures are checked over them). */
  raw: string;
  body: Body;
}

/** A merchant's webhook endpoint for the sandbox's tests: keeps every delivery. */
export interface WebhookReceiver<Body> {
  /** Base URL; any path under it is accepted (a test names one per kind of notice). */
  url: string;
  deliveries: Delivery<Body>[];
  /** Answers 503 to the next `times` deliveries that match, as a merchant that is down. */
  failNext(matches: (delivery: Delivery<Body>) => boolean, times: number): void;
  /** Never answers the next `times` deliveries that match, as a merchant that hangs. */
  hangNext(matches: (delivery: Delivery<Body>) => boolean, times: number): void;
  /** Connections the sender opened so far. */
  connections(): number;
  clear(): void;
  close(): Promise<void>;
}

export async function startWebhookReceiver<Body = Record<string, unknown>>(): Promise<
  WebhookReceiver<Body>
> {
  const deliveries: Delivery<Body>[] = [];
  let failing = { matches: (_: Delivery<Body>) => false, times: 0 };
  let hanging = { ...failing };
  let connections = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const delivery = { url: req.url ?? '/', headers: req.headers, raw, body: JSON.parse(raw) };
      if (failing.times > 0 && failing.matches(delivery)) {
        failing.times--;
        res.writeHead(503).end();
        return;
      }
      if (hanging.times > 0 && hanging.matches(delivery)) {
        hanging.times--;
        return;
      }
      deliveries.push(delivery);
      res.writeHead(200).end('ok');
    });
  });
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    deliveries,
    failNext: (matches, times) => void (failing = { matches, times }),
    hangNext: (matches, times) => void (hanging = { matches, times }),
    connections: () => connections,
    clear: () => void deliveries.splice(0),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
