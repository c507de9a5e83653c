import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Slack's incoming webhook as a test plays it: keeps what is posted, answers «ok» as Slack. */
export interface SlackWebhook<T> {
  url: string;
  posted: T[];
  close(): Promise<void>;
}

export async function startSlackWebhook<T>(): Promise<SlackWebhook<T>> {
  const posted: T[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      posted.push(JSON.parse(body) as T);
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/services/T000/B000/XXXX`,
    posted,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
