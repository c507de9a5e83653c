import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { createForwarder, type Forwarder } from './forward';

/** Whether the service has written the last part of its answer yet. */
let serviceEnded = false;

/** A service that answers `bytes` in four parts, 30 ms apart, with its length announced. */
function slowService(bytes: number) {
  return http.createServer((_req, res) => {
    serviceEnded = false;
    const part = Buffer.alloc(bytes / 4, 'x');
    res.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(bytes) });
    let sent = 1;
    const next = () => {
      if (++sent === 4) {
        serviceEnded = true;
        return void res.end(part);
      }
      res.write(part);
      setTimeout(next, 30);
    };
    res.write(part);
    setTimeout(next, 30);
  });
}

const listening = async (server: http.Server | net.Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
};

/** For each piece the client's socket received: had the service finished its answer by then? */
async function arrivals(port: number, path: string): Promise<boolean[]> {
  const socket = net.connect(port, '127.0.0.1');
  const pieces: boolean[] = [];
  socket.on('data', () => pieces.push(serviceEnded));
  socket.write(`GET ${path} HTTP/1.1\r\nHost: bff\r\nConnection: close\r\n\r\n`);
  await new Promise((resolve) => socket.on('close', resolve));
  return pieces;
}

let forwarder: Forwarder;
let front: http.Server;
let frontPort: number;
const services: http.Server[] = [];
const servicePorts: Record<string, number> = {};

beforeAll(async () => {
  for (const [path, bytes] of [
    ['/small', 32 * 1024],
    ['/large', 256 * 1024],
  ] as const) {
    const service = slowService(bytes);
    services.push(service);
    servicePorts[path] = await listening(service);
  }
  forwarder = createForwarder(5_000);
  front = http.createServer((req, res) => {
    const target = { url: `http://127.0.0.1:${servicePorts[req.url ?? '']}`, token: 't' };
    void forwarder.forward(req, res, target);
  });
  frontPort = await listening(front);
});

afterAll(async () => {
  await forwarder.close();
  for (const server of [front, ...services]) server.close();
});

test('a small answer reaches the browser whole, in one piece, when the service has finished', async () => {
  expect(await arrivals(frontPort, '/small')).toEqual([true]);
});

test('a large answer still streams: the browser gets its first bytes before the service ends', async () => {
  const pieces = await arrivals(frontPort, '/large');
  expect(pieces[0]).toBe(false);
  expect(pieces.at(-1)).toBe(true);
});
