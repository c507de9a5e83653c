// The same-I/O baseline: one Express process doing what one endpoint needs and nothing else,
// the session read from Redis (signed cookie checked, JSON parsed) and the endpoint's SQL on
// its service's database (READ names it, same-io-reads.ts), then the JSON answer. What the
// BFF, the identity token, the hop to the service and the frameworks add is the difference
// to the measured call.
import express from 'express';
import crypto from 'node:crypto';
import pg from 'pg';
import { createClient } from 'redis';
import { READS, type Identity } from './same-io-reads.ts';

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};
const read = READS[env('READ')];
if (!read) throw new Error(`unknown READ ${process.env.READ}`);
const secret = env('SESSION_SECRET');
const prefix = `${env('REDIS_PREFIX')}sess:`;
const redis = createClient({ url: env('REDIS_URL') });
await redis.connect();
const pool = new pg.Pool({ connectionString: env('DATABASE_URL'), max: 10 });

const sessionIdOf = (cookie: string | undefined): string | false => {
  const raw = cookie
    ?.split(';')
    .map((c) => c.trim())
    .find((c) => c.startsWith('cuota.sid='));
  if (!raw) return false;
  const value = decodeURIComponent(raw.slice('cuota.sid='.length));
  return value.startsWith('s:') ? unsign(value.slice(2)) : false;
};

/** express-session's signed cookie: `<id>.<base64 HMAC-SHA256 without padding>`. */
function unsign(signed: string): string | false {
  const id = signed.slice(0, signed.lastIndexOf('.'));
  const mac = crypto.createHmac('sha256', secret).update(id).digest('base64').replace(/=+$/, '');
  const expected = Buffer.from(`${id}.${mac}`);
  const given = Buffer.from(signed);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given) ? id : false;
}

const app = express();
app.get(['/same-io', '/same-io/:id'], async (req, res) => {
  const sid = sessionIdOf(req.headers.cookie);
  const stored = sid ? await redis.get(prefix + sid) : null;
  const identity = stored
    ? (JSON.parse(stored) as { auth?: { identity: Identity } }).auth?.identity
    : undefined;
  if (!identity) return void res.status(401).json({ error: 'UNAUTHENTICATED' });
  const id = req.params.id;
  const answer = await read(pool, identity, typeof id === 'string' ? id : '');
  if (answer === null) return void res.status(404).json({ error: 'NOT_FOUND' });
  res.json(answer);
});
const server = app.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
});
