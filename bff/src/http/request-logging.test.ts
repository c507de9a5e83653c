import { Writable } from 'node:stream';
import express from 'express';
import pino from 'pino';
import request from 'supertest';
import { maskGuardianLinks, requestLogging } from './request-logging';

test('access logs never carry a guardian link', () => {
  const hash = 'Zx8_kP2qLmN4vR7tYw1aBc3dEf5gHi6j';
  expect(maskGuardianLinks(`/guardians/${hash}/login?x=1`)).toBe('/guardians/[hash]/login?x=1');
  expect(maskGuardianLinks(`/api/v1/guardians/login/${hash}/`)).toBe(
    '/api/v1/guardians/login/[hash]/',
  );
  expect(maskGuardianLinks('/api/v1/guardians/login/send_code/')).toBe(
    '/api/v1/guardians/login/send_code/',
  );
  expect(maskGuardianLinks('/api/v1/guardians/me/')).toBe('/api/v1/guardians/me/');
});

test('a successful read writes no line and builds no per-request logger; a write and a refusal do', async () => {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write: (chunk: Buffer, _encoding, done) => {
      lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
      done();
    },
  });
  const logger = pino({ level: 'info' }, sink);
  const child = jest.spyOn(logger, 'child');
  const app = express();
  app.use(requestLogging(logger));
  app.get('/read', (_req, res) => void res.json({ ok: true }));
  app.post('/write', (_req, res) => void res.status(201).json({ ok: true }));
  app.get('/refused', (_req, res) => void res.status(403).json({ ok: false }));

  await request(app).get('/read').expect(200);
  await request(app).get('/read').expect(200);
  expect(lines).toEqual([]);
  await request(app).post('/write').expect(201);
  await request(app).get('/refused').expect(403);

  expect(lines.map((l) => [l.level, (l.req as { url: string }).url, l.res])).toEqual([
    [30, '/write', { statusCode: 201 }],
    [40, '/refused', { statusCode: 403 }],
  ]);
  expect(child).not.toHaveBeenCalled();
});
