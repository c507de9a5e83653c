// To be replaced by test-support/enrolment-harness.ts (one setup for enrolment's integration
// tests): the suites still on this file move there once enrol-people and enrol-school merge.
// Test support (not shipped): the real enrolment service on a fresh database and NATS
// namespace, the demo school, and small helpers to call it as anyone.
import { jetstreamManager } from '@nats-io/jetstream';
import { sql } from 'drizzle-orm';
import type { DemoAccess } from '@cuota/contracts/enrolment/demo-access';
import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import { streamOf } from '@cuota/messaging/naming';
import { startService, type RunningService } from '@cuota/service-host/service-host';
import { createLogger } from '@cuota/service-runtime/logging/logger';
import { NATS_URL } from '@cuota/testing/environment';
import { createTestDatabase, type TestDatabase } from '@cuota/testing/test-database';
import { createTestIdentity } from '@cuota/testing/test-identity';
import { createTestNamespace, type TestNamespace } from '@cuota/testing/test-namespace';
import { waitFor } from '@cuota/testing/wait-for';
import { enrolmentService } from '../enrolment-service';
import type * as schema from '../schema';
import { seedDemoSchool } from '../seed/demo-school';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export const OTHER_SCHOOL = '00000000-0000-4000-8000-000000000001';
export const STAFF_USER = '00000000-0000-4000-8000-0000000000aa';

export interface Harness {
  database: TestDatabase;
  ns: TestNamespace;
  service: RunningService<typeof schema>;
  demo: DemoAccess;
  sign: (claims: IdentityClaims) => Promise<string>;
  restart: () => Promise<void>;
}

type PublicJwk = Awaited<ReturnType<typeof createTestIdentity>>['keys']['publicJwk'];

const serviceConfig = (database: TestDatabase, ns: TestNamespace, publicJwk: PublicJwk) => ({
  port: 0,
  databaseUrl: database.url,
  natsUrl: NATS_URL,
  natsPrefix: ns.prefix,
  identityPublicJwk: publicJwk,
  logLevel: 'silent' as const,
});

/** `worker: false` starts the service without its import worker (tests drive one themselves). */
export async function startHarness(name: string, { worker = true } = {}): Promise<Harness> {
  const [database, ns, identity] = await Promise.all([
    createTestDatabase(name),
    createTestNamespace(),
    createTestIdentity(),
  ]);
  const start = () =>
    startService(
      worker ? enrolmentService : { ...enrolmentService, extras: undefined },
      serviceConfig(database, ns, identity.keys.publicJwk),
      createLogger('enrolment', 'silent'),
    );
  const harness: Harness = {
    database,
    ns,
    service: await start(),
    demo: undefined as unknown as DemoAccess,
    sign: (claims) => identity.sign(claims),
    restart: async () => {
      await harness.service.stop();
      harness.service = await start();
    },
  };
  harness.demo = await seedDemoSchool(harness.service.db);
  return harness;
}

export async function stopHarness(h: Harness | undefined): Promise<void> {
  await h?.service.stop();
  await h?.ns.dispose();
  await h?.database.drop();
}

export const staff = (h: Harness, role: string, schoolId = h.demo.school_id): IdentityClaims => ({
  kind: 'staff',
  user_id: STAFF_USER,
  memberships: [{ school_id: schoolId, role: role as 'OWNER' }],
});

export async function call(
  h: Harness,
  as: IdentityClaims | null,
  path: string,
  init: RequestInit & { json?: unknown } = {},
): Promise<{ status: number; body: Json; text: string }> {
  const headers: Record<string, string> = { ...(init.headers as Record<string, string>) };
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  if (as) headers.authorization = `Bearer ${await h.sign(as)}`;
  const body = init.json !== undefined ? JSON.stringify(init.json) : init.body;
  const res = await fetch(new URL(path, h.service.url), { ...init, body, headers });
  const text = await res.text();
  let parsed: Json;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  return { status: res.status, body: parsed, text };
}

export async function countRows(h: Harness, table: string, where = 'true'): Promise<number> {
  const result = await h.service.db.execute<{ n: number }>(
    sql.raw(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`),
  );
  return result.rows[0]!.n;
}

/** Waits until JetStream holds an event of `type` whose data satisfies `match`. */
export async function publishedEvent(
  h: Harness,
  type: string,
  match: (data: Json) => boolean,
): Promise<Json> {
  const jsm = await jetstreamManager(h.ns.nc);
  return waitFor(async () => {
    const msg = await jsm.streams
      .getMessage(streamOf(h.ns, 'ENROLMENT'), { last_by_subj: `${h.ns.prefix}.${type}` })
      .catch(() => null);
    const data = msg?.json<{ data: Json }>().data;
    return data && match(data) ? data : null;
  });
}
