/**
 * Test-only: invoicing as it runs, with what it talks to — PostgreSQL, NATS, the PAC sandbox
 * (infra/sandboxes/pac) — and a producer whose outbox publishes enrolment's and payments'
 * events exactly as those services do.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import type { z } from 'zod';
import { startPacSandbox, type PacSandbox } from '@cuota/infra/sandboxes/pac/pac-sandbox.ts';
import type { EventDefinition } from '@cuota/contracts/events/event-envelope';
import type { GuardianSnapshot } from '@cuota/contracts/events/enrolment.guardian.created.v1';
import type { StudentSnapshot } from '@cuota/contracts/events/enrolment.student.created.v1';
import type { PayinSucceeded } from '@cuota/contracts/events/payments.payin.succeeded.v1';
import type { IdentityClaims } from '@cuota/contracts/identity/identity-claims';
import type { StaffRole } from '@cuota/contracts/enrolment/entities';
import type { Allocation } from '@cuota/contracts/payments/payins';
import { jetstream } from '@nats-io/jetstream';
import { subjectOf } from '@cuota/messaging/naming';
import { enqueueEvent } from '@cuota/messaging/outbox/enqueue-event';
import { OutboxRelay } from '@cuota/messaging/outbox/outbox-relay';
import { startService, type RunningService } from '@cuota/service-host/service-host';
import { createDatabase, runMigrations, type Database } from '@cuota/service-runtime/db/database';
import { createLogger } from '@cuota/service-runtime/logging/logger';
import { NATS_URL } from '@cuota/testing/environment';
import { createTestDatabase, type TestDatabase } from '@cuota/testing/test-database';
import { createTestIdentity } from '@cuota/testing/test-identity';
import { createTestNamespace, type TestNamespace } from '@cuota/testing/test-namespace';
import { waitFor } from '@cuota/testing/wait-for';
import { generateDemoCsd } from '../cfdi/demo-csd';
import { saveFiscalEntity } from '../fiscal-entities/save-fiscal-entity';
import { createInvoicingService } from '../invoicing-service';
import type * as schema from '../schema';
import { SecretBox } from '../secrets/secret-box';
import type { InvoiceRow } from '../invoices/invoice-repository';

export const PAC_TOKEN = 'token-de-pruebas-facturacion';
export const SCHOOL_ID = '11111111-1111-4111-8111-111111111111';
export const OTHER_SCHOOL_ID = '22222222-2222-4222-8222-222222222222';

export const SCHOOL = {
  rfc: 'EKU9003173C9',
  legalName: 'ESCUELA KEMPER URGATE',
  regimenFiscal: '603',
  postalCode: '42501',
  rvoe: { elementary: '09PPR0001A', middle: 'ES-458/2019' },
} as const;

const producerMigrations = path.resolve(
  __dirname,
  '../../../../packages/messaging/src/test-migrations',
);

export interface InvoicingTestSystem {
  invoicing: RunningService<typeof schema>;
  pac: PacSandbox;
  box: SecretBox;
  publish<D extends EventDefinition>(definition: D, data: z.infer<D['data']>): Promise<string>;
  /** Publishes an event's exact payload again (a redelivery, under a new Nats-Msg-Id). */
  republish(eventId: string): Promise<void>;
  registerTaxpayer(rfc: string, name: string, postalCode: string, regimes: string[]): Promise<void>;
  pacBehaviour(changes: Record<string, number>): Promise<void>;
  call(path: string, claims?: IdentityClaims, init?: RequestInit): Promise<Response>;
  invoicesOf(sourceId: string): Promise<InvoiceRow[]>;
  /** Waits until the source's invoice for the student is no longer pending. */
  settled(sourceId: string, studentId: string, timeoutMs?: number): Promise<InvoiceRow>;
  stop(): Promise<void>;
}

export async function startInvoicingTestSystem(
  options: { pacTimeoutMs?: number } = {},
): Promise<InvoicingTestSystem> {
  const [invoicingDb, producerDb, ns, identity]: [
    TestDatabase,
    TestDatabase,
    TestNamespace,
    Awaited<ReturnType<typeof createTestIdentity>>,
  ] = await Promise.all([
    createTestDatabase('invoicing'),
    createTestDatabase('invoicing_producer'),
    createTestNamespace(),
    createTestIdentity(),
  ]);
  const producer: Database<Record<string, unknown>> = createDatabase(producerDb.url, {});
  await runMigrations(producer, producerMigrations);
  const relay = new OutboxRelay({
    db: producer,
    nc: ns.nc,
    ns,
    logger: createLogger('producer', 'silent'),
  });
  const pac = await startPacSandbox({ port: 0, apiToken: PAC_TOKEN });
  const secretsKey = randomBytes(32).toString('base64');
  const invoicing = await startService(
    createInvoicingService({
      pacUrl: pac.url,
      pacToken: PAC_TOKEN,
      secretsKey,
      pacTimeoutMs: options.pacTimeoutMs ?? 5_000,
      stamping: { retryBaseMs: 100, retryCapMs: 400, pollMs: 100 },
    }),
    {
      port: 0,
      databaseUrl: invoicingDb.url,
      natsUrl: NATS_URL,
      natsPrefix: ns.prefix,
      identityPublicJwk: identity.keys.publicJwk,
      logLevel: 'silent',
    },
  );
  const box = new SecretBox(secretsKey);

  const control = async (method: string, route: string, body: unknown) => {
    const res = await fetch(`${pac.url}/_sandbox${route}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`PAC sandbox ${route}: ${res.status} ${await res.text()}`);
  };

  const invoicesOf = (sourceId: string) =>
    invoicing.db.query.invoices.findMany({
      where: (t, { eq }) => eq(t.sourceId, sourceId),
      orderBy: (t, { asc }) => [asc(t.createdAt)],
    });

  return {
    invoicing,
    pac,
    box,
    async publish(definition, data) {
      const event = await producer.transaction((tx) => enqueueEvent(tx, definition, data));
      await relay.drain();
      return event.id;
    },
    async republish(eventId) {
      const { rows } = await producer.$client.query(
        'SELECT type, payload FROM outbox_events WHERE id = $1',
        [eventId],
      );
      await jetstream(ns.nc).publish(subjectOf(ns, rows[0].type), JSON.stringify(rows[0].payload), {
        msgID: `redelivery-${randomUUID()}`,
      });
    },
    registerTaxpayer: (rfc, name, postalCode, regimes) =>
      control('PUT', `/taxpayers/${rfc}`, { name, postal_code: postalCode, regimes }),
    pacBehaviour: (changes) => control('PUT', '/behaviour', changes),
    async call(route, claims, init = {}) {
      const headers = new Headers(init.headers);
      if (claims) headers.set('authorization', `Bearer ${await identity.sign(claims)}`);
      return fetch(`${invoicing.url}${route}`, { ...init, headers });
    },
    invoicesOf,
    async settled(sourceId, studentId, timeoutMs = 20_000) {
      return waitFor(
        async () =>
          (await invoicesOf(sourceId)).find(
            (i) => i.studentId === studentId && i.status !== 'pending',
          ),
        timeoutMs,
        50,
      );
    },
    async stop() {
      await invoicing?.stop();
      await pac?.stop();
      await producer?.$client.end();
      await ns?.dispose();
      await Promise.all([invoicingDb?.drop(), producerDb?.drop()]);
    },
  };
}

/** The school's fiscal data and a fresh demo CSD, as the seed or staff would save them. */
export async function saveSchoolFiscalEntity(
  system: InvoicingTestSystem,
  schoolId = SCHOOL_ID,
): Promise<void> {
  const password = 'contraseña-csd';
  const csd = generateDemoCsd({
    rfc: SCHOOL.rfc,
    legalName: SCHOOL.legalName,
    password,
    validFrom: new Date(Date.now() - 24 * 3600_000),
  });
  await system.invoicing.db.transaction((tx) =>
    saveFiscalEntity(
      tx,
      system.box,
      schoolId,
      { issuer: SCHOOL, series: 'A', csd: { cer: csd.cer, key: csd.key, password } },
      new Date(),
    ),
  );
  await system.registerTaxpayer(SCHOOL.rfc, SCHOOL.legalName, SCHOOL.postalCode, ['603']);
}

export const uuidOf = (n: number) => `aaaaaaaa-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function guardian(n: number, fiscal: Partial<GuardianSnapshot> = {}): GuardianSnapshot {
  return {
    guardian_id: uuidOf(n),
    school_ids: [SCHOOL_ID],
    first_name: 'Carlos',
    last_name: 'Ortega Salazar',
    email: `tutor${n}@example.mx`,
    billing_name: 'CARLOS ORTEGA SALAZAR',
    tax_id: 'COSC8001137NA',
    tax_zip_code: '06600',
    tax_regime: '605',
    ...fiscal,
  };
}

export function student(n: number, data: Partial<StudentSnapshot> = {}): StudentSnapshot {
  return {
    student_id: uuidOf(1000 + n),
    school_id: SCHOOL_ID,
    first_name: 'Ana Sofía',
    last_name: 'Ortega Núñez',
    level: 'elementary',
    section_id: null,
    status: 'active',
    billing_guardian_id: uuidOf(1),
    curp: 'OENA160315MDFRXNA3',
    ...data,
  };
}

export function colegiatura(studentId: string, over: Partial<Allocation> = {}): Allocation {
  return {
    order_id: randomUUID(),
    student_id: studentId,
    concept_id: uuidOf(500),
    concept_name: 'Colegiatura',
    concept_type: 'MONTHLY_FEE',
    period: '2026-09',
    base_centavos: 4_850_00,
    late_fee_centavos: 0,
    ...over,
  };
}

export function payin(over: Partial<PayinSucceeded>): PayinSucceeded {
  const allocations = over.allocations ?? [];
  return {
    payin_id: randomUUID(),
    school_id: SCHOOL_ID,
    type: 'CARD',
    method: 'credit_card',
    amount_centavos: allocations.reduce((s, a) => s + a.base_centavos + a.late_fee_centavos, 0),
    paid_at: new Date(Date.now() - 60_000).toISOString(),
    guardian_id: uuidOf(1),
    allocations,
    credit_created_centavos: 0,
    credit_student_id: null,
    ...over,
  };
}

export const staffOf = (schoolId: string, role: StaffRole): IdentityClaims => ({
  kind: 'staff',
  user_id: `user-${role}`,
  memberships: [{ school_id: schoolId, role }],
});

export const guardianClaims = (n: number): IdentityClaims => ({
  kind: 'guardian',
  guardian_id: uuidOf(n),
  school_ids: [SCHOOL_ID],
});
