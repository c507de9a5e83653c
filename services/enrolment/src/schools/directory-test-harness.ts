// To be replaced by test-support/enrolment-harness.ts (one setup for enrolment's integration
// tests): the suites still on this file move there once enrol-people and enrol-school merge.
import { jetstreamManager } from '@nats-io/jetstream';
import { sql } from 'drizzle-orm';
import type { DemoAccess } from '@cuota/contracts/enrolment/demo-access';
import type { StaffRole } from '@cuota/contracts/enrolment/entities';
import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import { streamOf } from '@cuota/messaging/naming';
import { startService, type RunningService } from '@cuota/service-host/service-host';
import { createLogger } from '@cuota/service-runtime/logging/logger';
import { NATS_URL } from '@cuota/testing/environment';
import { createTestDatabase } from '@cuota/testing/test-database';
import { createTestIdentity } from '@cuota/testing/test-identity';
import { createTestNamespace, type TestNamespace } from '@cuota/testing/test-namespace';
import { enrolmentService } from '../enrolment-service';
import type * as schema from '../schema';
import { schools } from '../schema';
import { seedDemoSchool } from '../seed/demo-school';

/** Response bodies are checked field by field, as a client would read them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

/**
 * The real enrolment service on a fresh database and NATS namespace, with the demo school
 * and a second, empty school ("Escuela Vecina": no levels, no cycles) to prove isolation.
 */
export interface DirectoryHarness {
  service: RunningService<typeof schema>;
  ns: TestNamespace;
  demo: DemoAccess;
  otherSchoolId: string;
  staff: (role: StaffRole, schoolId?: string) => IdentityClaims;
  guardian: () => IdentityClaims;
  call: (
    as: IdentityClaims | null,
    path: string,
    init?: { method?: string; json?: unknown; form?: FormData },
  ) => Promise<{ status: number; body: Json; headers: Headers; bytes: Buffer }>;
  count: (table: string, where?: string) => Promise<number>;
  lastEvent: (type: string) => Promise<Json | null>;
  stop: () => Promise<void>;
}

/** `now`: the service's clock (cycle activation judges "ended" by it); default the system's. */
export async function startDirectoryHarness(
  name: string,
  { now }: { now?: () => Date } = {},
): Promise<DirectoryHarness> {
  const [database, ns, identity] = await Promise.all([
    createTestDatabase(name),
    createTestNamespace(),
    createTestIdentity(),
  ]);
  const service = await startService(
    enrolmentService,
    {
      port: 0,
      databaseUrl: database.url,
      natsUrl: NATS_URL,
      natsPrefix: ns.prefix,
      identityPublicJwk: identity.keys.publicJwk,
      logLevel: 'silent',
      now,
    },
    createLogger('enrolment', 'silent'),
  );
  const demo = await seedDemoSchool(service.db);
  const [other] = await service.db
    .insert(schools)
    .values({ name: 'Escuela Vecina', kind: 'kindergarten', status: 'onboarding' })
    .returning();

  const staff = (role: StaffRole, schoolId = demo.school_id): IdentityClaims => ({
    kind: 'staff',
    user_id: '00000000-0000-4000-8000-0000000000aa',
    memberships: [{ school_id: schoolId, role }],
  });
  const guardian = (): IdentityClaims => ({
    kind: 'guardian',
    guardian_id: demo.guardian_id,
    school_ids: [demo.school_id],
  });

  const call: DirectoryHarness['call'] = async (as, path, init = {}) => {
    const headers: Record<string, string> = {};
    if (as) headers.authorization = `Bearer ${await identity.sign(as)}`;
    let body: RequestInit['body'];
    if (init.form) body = init.form;
    else if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    }
    const res = await fetch(new URL(path, service.url), { method: init.method, headers, body });
    const bytes = Buffer.from(await res.arrayBuffer());
    const isJson = res.headers.get('content-type')?.includes('json');
    return {
      status: res.status,
      body: isJson && bytes.length ? JSON.parse(bytes.toString('utf8')) : null,
      headers: res.headers,
      bytes,
    };
  };

  const count = async (table: string, where = 'true') =>
    (
      await service.db.execute<{ n: number }>(
        sql.raw(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`),
      )
    ).rows[0]!.n;

  const lastEvent = async (type: string) => {
    const jsm = await jetstreamManager(ns.nc);
    const msg = await jsm.streams
      .getMessage(streamOf(ns, 'ENROLMENT'), { last_by_subj: `${ns.prefix}.${type}` })
      .catch(() => null);
    return msg ? msg.json<Json>() : null;
  };

  return {
    service,
    ns,
    demo,
    otherSchoolId: other!.id,
    staff,
    guardian,
    call,
    count,
    lastEvent,
    stop: async () => {
      await service.stop();
      await ns.dispose();
      await database.drop();
    },
  };
}
