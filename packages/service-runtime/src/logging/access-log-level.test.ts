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
  return { app, accessLines, logger };
}

async function listening(app: ReturnType<typeof appWithCollectedLogs>['app']) {
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = () => new Promise((r) => server.close(r));
  return { base, close };
}

test('successful reads leave no access-log line; writes, refusals and failures do', async () => {
  const { app, accessLines } = appWithCollectedLogs();
  const { base, close } = await listening(app);
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
    await close();
  }
  expect(accessLines().map((l) => [l.req?.method, l.level])).toEqual([
    ['POST', 30],
    ['GET', 40],
    ['GET', 50],
  ]);
});

test('a quiet read builds no logger and hashes no body (no ETag)', async () => {
  const { app, logger } = appWithCollectedLogs();
  const built = ['child', 'info', 'warn', 'error'].map((m) =>
    jest.spyOn(logger, m as 'child' | 'info' | 'warn' | 'error'),
  );
  const { base, close } = await listening(app);
  try {
    const res = await fetch(`${base}/things/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBeNull();
  } finally {
    await close();
  }
  for (const spy of built) expect(spy).not.toHaveBeenCalled();
});
