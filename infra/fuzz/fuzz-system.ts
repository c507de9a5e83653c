import { randomBytes } from 'node:crypto';
// Test support for the fuzz suite (not shipped): every service, the BFF in front of them, and
// a browser per kind of caller, on throwaway databases, Redis keys and NATS subjects.
import { sql } from 'drizzle-orm';
import { jetstreamManager } from '@nats-io/jetstream';
import type { Agent } from 'supertest';
import request from 'supertest';
import type { DemoAccess } from '@cuota/contracts/enrolment/demo-access';
import {
  startService,
  type RunningService,
  type ServiceDefinition,
} from '@cuota/service-host/service-host';
import { createLogger } from '@cuota/service-runtime/logging/logger';
import { NATS_URL } from '@cuota/testing/environment';
import { createTestDatabase, type TestDatabase } from '@cuota/testing/test-database';
import { createTestIdentity } from '@cuota/testing/test-identity';
import { createTestNamespace } from '@cuota/testing/test-namespace';
// Sources by path: the suite starts each service as its own tests do, whatever it exports.
import { billingService } from '../../services/billing/src/billing-service.ts';
import { enrolmentService } from '../../services/enrolment/src/enrolment-service.ts';
import { seedDemoSchool } from '../../services/enrolment/src/seed/demo-school.ts';
import { invoicingService } from '../../services/invoicing/src/invoicing-service.ts';
import { notificationsService } from '../../services/notifications/src/notifications-service.ts';
import { definePaymentsService } from '../../services/payments/src/payments-service.ts';
import { signInGuardian, signInStaff } from '../../bff/src/test-support/sign-in.ts';
import { startTestBff, type TestBff } from '../../bff/src/test-support/test-bff.ts';

export type CallerKind = 'anonymous' | 'guardian' | 'staff';

/** A browser on the portal: its cookie jar (session) and the session's CSRF token. */
export interface Browser {
  kind: CallerKind;
  agent: Agent;
  csrfToken: string;
}

export interface FuzzSystem {
  bff: TestBff;
  demo: DemoAccess;
  browsers: Browser[];
  /** Every table of every service's database, `service.table` → its row count and content hash. */
  rows(): Promise<Record<string, string>>;
  /**
   * Waits until no event is left to publish or to deliver to a consumer, and nothing moved
   * for a moment (the seed's events and what billing builds after them took their course).
   */
  settle(): Promise<void>;
  stop(): Promise<void>;
}

type AnyService = RunningService<Record<string, unknown>>;

export async function startFuzzSystem(): Promise<FuzzSystem> {
  const identity = await createTestIdentity();
  const ns = await createTestNamespace();
  const databases: TestDatabase[] = [];
  const services: { name: string; service: AnyService }[] = [];
  const start = async <S extends Record<string, unknown>>(definition: ServiceDefinition<S>) => {
    const database = await createTestDatabase(`fuzz_${definition.name}`);
    databases.push(database);
    const config = {
      port: 0,
      databaseUrl: database.url,
      natsUrl: NATS_URL,
      natsPrefix: ns.prefix,
      identityPublicJwk: identity.keys.publicJwk,
      // As deployed: enrolment builds the guardians' portal links from it (else 503).
      publicUrl: 'http://127.0.0.1:3000',
      logLevel: 'silent',
    };
    const service = await startService(definition, config, createLogger(definition.name, 'silent'));
    services.push({ name: definition.name, service: service as unknown as AnyService });
    return service;
  };
  // Enrolment first: the others' consumers read its stream.
  const enrolment = await start(enrolmentService);
  const demo = await seedDemoSchool(enrolment.db);
  const [billing, payments, invoicing, notifications] = await Promise.all([
    start(billingService),
    // No gateway reachable: the fuzz sends nothing a gateway would accept anyway.
    start(
      definePaymentsService({
        kushkiSandboxUrl: 'http://127.0.0.1:9',
        kushkiProductionUrl: 'http://127.0.0.1:9',
        secretsKey: randomBytes(32),
        reconciliation: { intervalMs: 0 },
      }),
    ),
    start(invoicingService),
    start(notificationsService),
  ]);
  const bff = await startTestBff({
    identity,
    services: {
      enrolment: enrolment.url,
      billing: billing!.url,
      payments: payments!.url,
      invoicing: invoicing!.url,
      notifications: notifications!.url,
    },
  });
  const owner = demo.staff.find((s) => s.role === 'OWNER')!;
  const anonymous = request.agent(bff.app);
  const browsers: Browser[] = [
    {
      kind: 'anonymous',
      agent: anonymous,
      csrfToken: (await anonymous.get('/api/auth/csrf')).body.csrfToken as string,
    },
    {
      kind: 'guardian',
      ...(await signInGuardian(bff, { hash: demo.guardian_hash, email: demo.guardian_email })),
    },
    { kind: 'staff', ...(await signInStaff(bff, owner.email, demo.staff_password)) },
  ];

  const rows = async () => {
    const counts: Record<string, string> = {};
    for (const { name: domain, service } of services) {
      const { rows: tables } = await service.db.execute<{ name: string }>(
        sql`SELECT table_name AS name FROM information_schema.tables
            WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
      );
      for (const { name } of tables) {
        // Rows and their content: an update that should not have happened shows too.
        const {
          rows: [row],
        } = await service.db.execute<{ n: number; digest: string }>(
          sql.raw(`SELECT count(*)::int AS n, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), ''))
                   AS digest FROM "${name}" t`),
        );
        counts[`${domain}.${name}`] = `${row!.n} rows, ${row!.digest}`;
      }
    }
    return counts;
  };

  const unpublished = async () => {
    let total = 0;
    for (const { service } of services) {
      const {
        rows: [row],
      } = await service.db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM outbox_events WHERE published_at IS NULL`,
      );
      total += row!.n;
    }
    return total;
  };

  /** Messages the namespace's consumers have not yet taken in or acknowledged. */
  const undelivered = async () => {
    const jsm = await jetstreamManager(ns.nc);
    let total = 0;
    for await (const stream of jsm.streams.list())
      if (stream.config.name.startsWith(`${ns.prefix.toUpperCase()}_`))
        for await (const c of jsm.consumers.list(stream.config.name))
          total += c.num_pending + c.num_ack_pending;
    return total;
  };

  return {
    bff,
    demo,
    browsers,
    rows,
    settle: async () => {
      const deadline = Date.now() + 30_000;
      let before = await rows();
      for (;;) {
        await new Promise((r) => setTimeout(r, 500));
        const now = await rows();
        const idle = (await unpublished()) === 0 && (await undelivered()) === 0;
        if (idle && JSON.stringify(now) === JSON.stringify(before)) return;
        if (Date.now() > deadline) throw new Error('the system did not settle in 30 s');
        before = now;
      }
    },
    stop: async () => {
      await bff.close();
      await Promise.all(services.map(({ service }) => service.stop()));
      await ns.dispose();
      await Promise.all(databases.map((d) => d.drop()));
    },
  };
}
