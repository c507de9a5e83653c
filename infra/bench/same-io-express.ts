// The same-I/O baseline: one Express process doing what guardian.me needs and nothing else,
// the session read from Redis (signed cookie checked, JSON parsed) and the guardian.me SQL
// on enrolment's database, then the JSON answer. What the BFF, the identity token, the hop to
// enrolment and the frameworks add is the difference to the measured call.
import express from 'express';
import crypto from 'node:crypto';
import pg from 'pg';
import { createClient } from 'redis';
import { GUARDIAN_ME_SQL } from '../../services/enrolment/src/guardians/guardian-me-sql.ts';

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};
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
app.get('/same-io', async (req, res) => {
  const sid = sessionIdOf(req.headers.cookie);
  const stored = sid ? await redis.get(prefix + sid) : null;
  const guardianId = stored
    ? (JSON.parse(stored) as { auth?: { identity: { guardian_id?: string } } }).auth?.identity
        .guardian_id
    : undefined;
  if (!guardianId) return void res.status(401).json({ error: 'UNAUTHENTICATED' });
  const { rows } = await pool.query<{ me: unknown }>(GUARDIAN_ME_SQL, [guardianId]);
  res.json([{ result: { data: rows[0]?.me } }]);
});
const server = app.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
});
