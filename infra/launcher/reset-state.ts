// Wipes one profile's data: its databases, Redis keys and NATS streams. The browser
// journeys start from a clean slate this way; `dev` is never reset implicitly.
import pg from 'pg';
import { createClient } from 'redis';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { PROFILES, SERVICES, type Profile } from './profiles.ts';

export async function resetState(profile: Profile): Promise<void> {
  const admin = new pg.Client({ connectionString: `${profile.postgresUrl}/postgres` });
  await admin.connect();
  for (const s of SERVICES)
    await admin.query(`DROP DATABASE IF EXISTS ${profile.databasePrefix}_${s} WITH (FORCE)`);
  await admin.end();

  await clearRedisKeys(profile);

  if (!profile.natsPrefix) return; // the root namespace is production-shaped: never wiped here
  const nc = await connect({ servers: profile.natsUrl });
  const jsm = await jetstreamManager(nc);
  for await (const stream of jsm.streams.list())
    if (stream.config.name.startsWith(`${profile.natsPrefix.toUpperCase()}_`))
      await jsm.streams.delete(stream.config.name);
  await nc.close();
}

/** Sessions, login codes and rate-limit counters of one profile. */
export async function clearRedisKeys(profile: Profile): Promise<void> {
  const redis = createClient({ url: profile.redisUrl });
  await redis.connect();
  for await (const keys of redis.scanIterator({ MATCH: `${profile.redisPrefix}*`, COUNT: 500 }))
    if (keys.length) await redis.del(keys);
  await redis.quit();
}

if (import.meta.main) {
  const name = process.argv[2] as Profile['name'];
  if (name !== 'e2e')
    throw new Error('Only the e2e profile is reset automatically: node reset-state.ts e2e');
  await resetState(PROFILES[name]);
  console.log(`reset ${name} state`);
}
