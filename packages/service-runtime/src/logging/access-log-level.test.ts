import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { createServiceApp } from '../http/create-service-app';

/** A service app whose log lines are collected, as the launcher would read them. */
function appWithCollectedLogs() {
  const lines: { msg: string; level: number; req?: { method: string } }[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const logger = pino({ level: 'info' }, sink);
  const app = createServiceApp({ logger, readiness: async () => {} }, (a) => {
    a.get('/things/', (_req, res) => void res.json([]));
    a.post('/things/', (_req, res) => void res.status(201).json({}));
    a.get('/broken/', () => {
      throw new Error('boom');
    });
  });
  const accessLines = () => lines.filter((l) => /request (completed|errored)/.test(l.msg));
  return { app, accessLines };
}

test('successful reads leave no access-log line; writes, refusals and failures do', async () => {
  const { app, accessLines } = appWithCollectedLogs();
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const call = async (path: string, init?: RequestInit) => (await fetch(base + path, init)).status;
  try {
    expect(await call('/things/')).toBe(200);
    expect(await call('/things/')).toBe(200);
    expect(accessLines()).toEqual([]);
    const post = { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' };
    expect(await call('/things/', post)).toBe(201);
    expect(await call('/missing/')).toBe(404);
    expect(await call('/broken/')).toBe(500);
  } finally {
    await new Promise((r) => server.close(r));
  }
  expect(accessLines().map((l) => [l.req?.method, l.level])).toEqual([
    ['POST', 30],
    ['GET', 40],
    ['GET', 50],
  ]);
});
